import type { Route } from '../shared/router';
import { AccountPage } from './pages/AccountPage';
import { ErrorPage } from './pages/ErrorPage';
import { HomePage } from './pages/HomePage';

/** The hosted user UI is served by the server under /ui/ (every path there gets index.html). */
export const USER_UI_BASE = '/ui';

export const userRoutes: Route[] = [
  { path: '/', render: () => <HomePage /> },
  { path: '/account', render: () => <AccountPage /> },
  { path: '/error', render: () => <ErrorPage /> },
];
