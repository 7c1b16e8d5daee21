// Every route of the app. Pages other than the home page load on demand.
import { createBrowserRouter, Navigate } from 'react-router';
import { HomePage } from '../features/home/HomePage.tsx';
import { NotFound, RouteError } from './errors.tsx';
import { RootLayout } from './layout.tsx';

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', lazy: () => import('../features/auth/routes/LoginPage.tsx') },
      { path: 'registration', lazy: () => import('../features/auth/routes/RegistrationPage.tsx') },
      { path: 'auth/google/callback', lazy: () => import('../features/auth/routes/GoogleCallbackPage.tsx') },
      { path: 'user/profile', lazy: () => import('../features/profile/ProfilePage.tsx') },
      { path: 'players', lazy: () => import('../features/players/routes/PlayersPage.tsx') },
      { path: 'players/create', lazy: () => import('../features/players/routes/PlayerCreatePage.tsx') },
      { path: 'players/:id', lazy: () => import('../features/players/routes/PlayerPage.tsx') },
      { path: 'player/card', lazy: () => import('../features/players/routes/PlayerCardPage.tsx') },
      { path: 'teams', lazy: () => import('../features/teams/routes/TeamsPage.tsx') },
      { path: 'teams/create', lazy: () => import('../features/teams/routes/TeamCreatePage.tsx') },
      {
        path: 'teams/:teamId',
        lazy: () => import('../features/teams/routes/TeamLayout.tsx'),
        children: [
          { index: true, lazy: () => import('../features/teams/routes/TeamHomePage.tsx') },
          { path: 'roster', lazy: () => import('../features/roster/RosterPage.tsx') },
          { path: 'join', lazy: () => import('../features/roster/JoinPage.tsx') },
          { path: 'schedule', lazy: () => import('../features/team-calendar/TeamSchedulePage.tsx') },
          { path: 'photos', lazy: () => import('../features/team-photos/TeamPhotosPage.tsx') },
          { path: 'videos', lazy: () => import('../features/team-videos/TeamVideosPage.tsx') },
          { path: 'locker', lazy: () => import('../features/locker/LockerPage.tsx') },
          { path: 'locker3d', lazy: () => import('../features/locker/Locker3dPage.tsx') },
          { path: 'about', lazy: () => import('../features/teams/routes/TeamAboutPage.tsx') },
        ],
      },
      { path: 'schedule', lazy: () => import('../features/schedule/PersonalSchedulePage.tsx') },
      { path: 'about', lazy: () => import('../features/static/AboutPage.tsx') },
      { path: 'photo', lazy: () => import('../features/static/PhotoPage.tsx') },
      { path: 'video', lazy: () => import('../features/static/VideoPage.tsx') },
      { path: 'map', lazy: () => import('../features/static/MapPage.tsx') },
      { path: 'siteMap', lazy: () => import('../features/static/SiteMapPage.tsx') },
      { path: 'termsOfUse', lazy: () => import('../features/static/TermsPage.tsx') },
      { path: 'dataProcessingConsent', lazy: () => import('../features/static/ConsentPage.tsx') },
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
]);
