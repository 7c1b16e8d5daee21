// The app's router: which route an address matches, links relative to their route, the active link,
// search parameters, lazy pages (the page before stays until the next one's code has come), the error
// page, history and scroll positions.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
  type RouteObject,
} from './index.tsx';

function Params() {
  return <p>params {JSON.stringify(useParams())}</p>;
}

const table: RouteObject[] = [
  {
    path: '/',
    element: <Outlet />,
    children: [
      { index: true, element: <p>home</p> },
      { path: 'teams/:teamId', element: <Params />, children: [{ index: true, element: <p>team home</p> }, { path: 'roster', element: <p>roster</p> }] },
      { path: 'teams/create', element: <p>create</p> },
      { path: 'matches', children: [{ index: true, element: <p>matches</p> }, { path: ':id', element: <Params /> }] },
      { path: '*', element: <p>not found</p> },
    ],
  },
];

const last = (path: string) => {
  const m = matchRoutes(table, path);
  return m?.at(-1);
};

describe('matching', () => {
  it('takes the most specific route: static before a parameter, an index before its parent, the rest last', () => {
    expect(last('/teams/create')?.route.path).toBe('teams/create');
    expect(last('/teams/t1')?.route.index).toBe(true);
    expect(last('/teams/t1')?.params).toEqual({ teamId: 't1' });
    expect(last('/teams/t1/roster')?.route.path).toBe('roster');
    expect(last('/matches')?.route.index).toBe(true);
    expect(last('/matches/%D0%BC1')?.params).toEqual({ id: 'м1' });
    expect(last('/nowhere/at/all')?.route.path).toBe('*');
    expect(last('/nowhere/at/all')?.params).toEqual({ '*': 'nowhere/at/all' });
  });

  it('ignores case and a trailing slash, and gives each route the part of the address it matched', () => {
    expect(last('/Teams/t1/ROSTER/')?.route.path).toBe('roster');
    expect(matchRoutes(table, '/teams/t1/roster')!.map((m) => m.pathnameBase)).toEqual(['/', '/teams/t1', '/teams/t1/roster']);
  });
});

function Here() {
  const l = useLocation();
  return <output aria-label="адрес">{l.pathname + l.search + l.hash}</output>;
}

const renderAt = (routes: RouteObject[], path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
};

describe('links and navigation', () => {
  it('resolves links from their route, marks the open page active, and goes there without a reload', async () => {
    function Team() {
      return (
        <nav>
          <NavLink to="." end>Главная</NavLink>
          <NavLink to="roster">Состав</NavLink>
          <Link to="join?invitation=i1#top">Вступить</Link>
          <Link to="/">На главную</Link>
          <Outlet />
          <Here />
        </nav>
      );
    }
    const router = renderAt([{ path: '/teams/:teamId', element: <Team />, children: [{ index: true, element: <p>team home</p> }, { path: '*', element: <p>inner</p> }] }, { path: '*', element: <Here /> }], '/teams/t1');
    expect(screen.getByRole('link', { name: 'Состав' })).toHaveAttribute('href', '/teams/t1/roster');
    expect(screen.getByRole('link', { name: 'Вступить' })).toHaveAttribute('href', '/teams/t1/join?invitation=i1#top');
    expect(screen.getByRole('link', { name: 'Главная' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Главная' })).toHaveClass('active');
    await userEvent.click(screen.getByRole('link', { name: 'Состав' }));
    expect(screen.getByLabelText('адрес')).toHaveTextContent('/teams/t1/roster');
    expect(screen.getByRole('link', { name: 'Состав' })).toHaveAttribute('aria-current', 'page');
    // «Главная» is `end`: not active on the pages under it.
    expect(screen.getByRole('link', { name: 'Главная' })).not.toHaveAttribute('aria-current');
    expect(router.state.location.pathname).toBe('/teams/t1/roster');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/teams/t1');
    expect(screen.getByText('team home')).toBeInTheDocument();
  });

  it('reads and writes search parameters, replacing the entry when asked', async () => {
    function Filters() {
      const [params, set] = useSearchParams();
      return (
        <>
          <p>sort {params.get('sort') ?? '—'}</p>
          <button type="button" onClick={() => set({ sort: 'new' }, { replace: true })}>Новые</button>
          <button type="button" onClick={() => set((p) => (p.delete('sort'), p))}>Сбросить</button>
        </>
      );
    }
    const router = renderAt([{ path: '/news', element: <Filters /> }], '/news?sort=old');
    expect(screen.getByText('sort old')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Новые' }));
    expect(screen.getByText('sort new')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=new');
    expect(router.state.action).toBe('REPLACE');
    await userEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(router.state.location.search).toBe('');
    expect(router.state.action).toBe('PUSH');
  });

  it('navigates from code and by <Navigate>, with the entry replaced', async () => {
    function Go() {
      const navigate = useNavigate();
      return <button type="button" onClick={() => navigate('../b', { state: { from: 'a' } })}>Дальше</button>;
    }
    const router = renderAt(
      [
        { path: '/x/a', element: <Go /> },
        { path: '/x/b', element: <Navigate to="/x/c" replace /> },
        { path: '/x/c', element: <Here /> },
      ],
      '/x/a',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Дальше' }));
    expect(await screen.findByLabelText('адрес')).toHaveTextContent('/x/c');
    expect(router.state.action).toBe('REPLACE');
  });
});

describe('lazy pages and errors', () => {
  it('shows the first page once its code has come, and keeps the page before while the next one loads', async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const router = renderAt(
      [
        { path: '/a', lazy: async () => ({ Component: () => <p>page a</p> }), HydrateFallback: () => <p>загрузка</p> },
        { path: '/b', lazy: () => slow.then(() => ({ Component: () => <p>page b</p> })) },
      ],
      '/a',
    );
    expect(screen.getByText('загрузка')).toBeInTheDocument();
    expect(await screen.findByText('page a')).toBeInTheDocument();
    const going = router.navigate('/b');
    await act(() => Promise.resolve());
    expect(screen.getByText('page a')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/a');
    release();
    await act(() => going);
    expect(screen.getByText('page b')).toBeInTheDocument();
  });

  it('shows the error page when a page throws or its code cannot load, and leaves it on the next address', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('сломано');
    }
    function ErrorPage() {
      return <p>ошибка: {String((useRouteError() as Error).message)}</p>;
    }
    const router = renderAt(
      [
        {
          path: '/',
          element: <Outlet />,
          errorElement: <ErrorPage />,
          children: [
            { path: 'broken', element: <Broken /> },
            { path: 'gone', lazy: () => Promise.reject(new Error('нет файла')) },
            { path: 'fine', element: <p>всё хорошо</p> },
          ],
        },
      ],
      '/broken',
    );
    expect(screen.getByText('ошибка: сломано')).toBeInTheDocument();
    await act(() => router.navigate('/fine'));
    expect(screen.getByText('всё хорошо')).toBeInTheDocument();
    await act(() => router.navigate('/gone'));
    expect(screen.getByText('ошибка: нет файла')).toBeInTheDocument();
    log.mockRestore();
  });
});

describe('scroll restoration', () => {
  beforeEach(() => {
    window.scrollTo = vi.fn() as typeof window.scrollTo;
    sessionStorage.clear();
  });

  it('goes to the top of a new page, stays for a change within the page, and comes back to where it was', async () => {
    const scrollTo = window.scrollTo as ReturnType<typeof vi.fn>;
    function Layout() {
      return (
        <>
          <Outlet />
          <ScrollRestoration />
        </>
      );
    }
    const router = renderAt([{ path: '/', element: <Layout />, children: [{ path: '*', element: <Here /> }] }], '/list');
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    await act(() => router.navigate('/item'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollTo.mockClear();
    await act(() => router.navigate('/item?tab=2', { preventScrollReset: true }));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate(-2));
    expect(router.state.location.pathname).toBe('/list');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
