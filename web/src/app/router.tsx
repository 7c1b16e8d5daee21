// Every route of the app. Pages other than the home page load on demand.
import { createBrowserRouter, Navigate, type RouteObject } from '../lib/router/index.tsx';
import { Spinner } from '../shared/ui/index.tsx';
import { HomePage } from '../features/home/routes/home-page.tsx';
import { NotFound, RouteError } from './errors.tsx';
import { RootLayout } from './layout.tsx';

const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', lazy: () => import('../features/auth/routes/login-page.tsx') },
      { path: 'registration', lazy: () => import('../features/auth/routes/registration-page.tsx') },
      { path: 'auth/google/callback', lazy: () => import('../features/auth/routes/google-callback-page.tsx') },
      { path: 'user/profile', lazy: () => import('../features/profile/routes/profile-page.tsx') },
      { path: 'players', lazy: () => import('../features/players/routes/players-page.tsx') },
      { path: 'players/create', lazy: () => import('../features/players/routes/player-create-page.tsx') },
      { path: 'players/:id', lazy: () => import('../features/players/routes/player-page.tsx') },
      { path: 'player/card', lazy: () => import('../features/players/routes/player-card-page.tsx') },
      { path: 'teams', lazy: () => import('../features/teams/routes/teams-page.tsx') },
      { path: 'teams/create', lazy: () => import('../features/teams/routes/team-create-page.tsx') },
      {
        path: 'teams/:teamId',
        lazy: () => import('../features/teams/routes/team-layout.tsx'),
        children: [
          { index: true, lazy: () => import('../features/teams/routes/team-home-page.tsx') },
          { path: 'roster', lazy: () => import('../features/roster/routes/roster-page.tsx') },
          { path: 'join', lazy: () => import('../features/roster/routes/join-page.tsx') },
          { path: 'schedule', lazy: () => import('../features/calendar/routes/team-schedule-page.tsx') },
          { path: 'photos', lazy: () => import('../features/photos/routes/team-photos-page.tsx') },
          { path: 'videos', lazy: () => import('../features/videos/routes/team-videos-page.tsx') },
          { path: 'locker', lazy: () => import('../features/locker/routes/locker-page.tsx') },
          { path: 'locker3d', lazy: () => import('../features/locker/routes/locker-3d-page.tsx') },
          { path: 'about', lazy: () => import('../features/teams/routes/team-about-page.tsx') },
          { path: 'news', lazy: () => import('../features/news/routes/team-news-page.tsx') },
          { path: 'matches', lazy: () => import('../features/matches/routes/team-matches-page.tsx') },
          { path: 'tournaments', lazy: () => import('../features/tournaments/routes/team-tournaments-page.tsx') },
        ],
      },
      { path: 'news', lazy: () => import('../features/news/routes/news-list-page.tsx') },
      { path: 'news/create', lazy: () => import('../features/news/routes/news-create-page.tsx') },
      { path: 'news/:id', lazy: () => import('../features/news/routes/news-page.tsx') },
      { path: 'news/:id/edit', lazy: () => import('../features/news/routes/news-edit-page.tsx') },
      {
        path: 'matches',
        children: [
          { index: true, lazy: () => import('../features/matches/routes/matches-page.tsx') },
          { path: 'create', lazy: () => import('../features/matches/routes/match-create-page.tsx') },
          { path: ':id', lazy: () => import('../features/matches/routes/match-page.tsx') },
          { path: ':id/edit', lazy: () => import('../features/matches/routes/match-edit-page.tsx') },
        ],
      },
      {
        path: 'broadcasts',
        children: [
          { index: true, lazy: () => import('../features/streams/routes/broadcasts-page.tsx') },
          { path: 'create', lazy: () => import('../features/streams/routes/broadcast-create-page.tsx') },
          { path: ':id', lazy: () => import('../features/streams/routes/broadcast-page.tsx') },
          { path: ':id/edit', lazy: () => import('../features/streams/routes/broadcast-edit-page.tsx') },
        ],
      },
      { path: 'tv-schedule', lazy: () => import('../features/streams/routes/tv-schedule-page.tsx') },
      { path: 'tournaments', lazy: () => import('../features/tournaments/routes/tournaments-page.tsx') },
      { path: 'tournaments/create', lazy: () => import('../features/tournaments/routes/tournament-create-page.tsx') },
      { path: 'tournaments/:tournamentId', lazy: () => import('../features/tournaments/routes/tournament-page.tsx') },
      { path: 'tournaments/:tournamentId/edit', lazy: () => import('../features/tournaments/routes/tournament-edit-page.tsx') },
      { path: 'schedule', lazy: () => import('../features/schedule/routes/personal-schedule-page.tsx') },
      { path: 'attend', lazy: () => import('../features/attendance/routes/attend-page.tsx') },
      { path: 'admin', lazy: () => import('../features/admin/routes/admin-page.tsx') },
      { path: 'about', lazy: () => import('../features/static/routes/about-page.tsx') },
      { path: 'photo', lazy: () => import('../features/static/routes/photo-page.tsx') },
      { path: 'video', lazy: () => import('../features/static/routes/video-page.tsx') },
      { path: 'map', lazy: () => import('../features/static/routes/map-page.tsx') },
      { path: 'siteMap', lazy: () => import('../features/static/routes/site-map-page.tsx') },
      { path: 'termsOfUse', lazy: () => import('../features/static/routes/terms-page.tsx') },
      { path: 'dataProcessingConsent', lazy: () => import('../features/static/routes/consent-page.tsx') },
      { path: 'buyCoins', lazy: () => import('../features/shop/routes/buy-coins-page.tsx') },
      // Addresses of the site map's older sections.
      { path: 'photos', element: <Navigate to="/photo" replace /> },
      { path: 'videos', element: <Navigate to="/video" replace /> },
      { path: 'team', element: <Navigate to="/teams" replace /> },
      { path: 'lockerRoom', element: <Navigate to="/teams" replace /> },
      { path: 'joinTeam', element: <Navigate to="/teams" replace /> },
      { path: 'aboutUs', element: <Navigate to="/about" replace /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

/** The page a lazy route shows while its code loads on the first visit (instead of nothing, and a warning). */
function RouteLoading() {
  return <Spinner />;
}

/** Every lazy route gets the loading page, so the layout around it renders at once. */
function withLoading(list: RouteObject[]): RouteObject[] {
  return list.map((r) => ({
    ...r,
    ...(r.lazy ? { HydrateFallback: RouteLoading } : {}),
    ...(r.children ? { children: withLoading(r.children) } : {}),
  }) as RouteObject);
}

export const router = createBrowserRouter(withLoading(routes));
