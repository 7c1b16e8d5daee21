// A page asked for without a connection that was never shown on this device: nothing kept to show.
// It gives way to the page itself when the connection comes back.
import { Link } from '../../lib/router/index.tsx';
import { PageTitle } from '../../shared/ui/index.tsx';
import { pwaMessages as m } from './messages.ts';

export function OfflinePage() {
  return (
    <section className="page narrow offline-page">
      <PageTitle>{m.offlinePageTitle}</PageTitle>
      <p>{m.offlinePageText}</p>
      <p className="muted">{m.offlinePageHint}</p>
      <div className="pwa-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>{m.retry}</button>
        <Link className="btn btn-ghost" to="/">{m.toHome}</Link>
      </div>
    </section>
  );
}
