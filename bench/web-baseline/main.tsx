// An empty Vite + React page: the floor the portal's home page is measured against.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <main>
    <h1>Следите за любимыми командами</h1>
    <p>Новости, статистика и прямые трансляции любительского футбола.</p>
  </main>,
);
