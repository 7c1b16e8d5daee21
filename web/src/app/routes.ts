// Every route of the app as data: addresses, and the code of each page, loaded on demand (the home page,
// the frame and the not-found page come with the app). The router (router.tsx) draws them; the entry
// (main.tsx) uses the same table to start loading the page an address names while the app itself starts.
import { matchRoutes, type RouteObject } from '../lib/router/match.ts';

/** A page the app draws at once: router.tsx gives each its element. */
export type EagerPage = 'layout' | 'home' | 'not-found';

export interface PageRoute extends Pick<RouteObject, 'path' | 'index' | 'lazy'> {
  page?: EagerPage;
  /** An older address: the router sends it on to this one. */
  redirect?: string;
  children?: PageRoute[];
}

export const pageRoutes: PageRoute[] = [
  {
    path: '/',
    page: 'layout',
    children: [
      { index: true, page: 'home' },
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
      { path: 'photos', redirect: '/photo' },
      { path: 'videos', redirect: '/video' },
      { path: 'team', redirect: '/teams' },
      { path: 'lockerRoom', redirect: '/teams' },
      { path: 'joinTeam', redirect: '/teams' },
      { path: 'aboutUs', redirect: '/about' },
      { path: '*', page: 'not-found' },
    ],
  },
];

/** Starts loading the code of the pages this address shows; the router takes it from there. */
export function loadPageCode(pathname: string): void {
  for (const { route } of matchRoutes(pageRoutes, pathname) ?? []) route.lazy?.().catch(() => undefined);
}
