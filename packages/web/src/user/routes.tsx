import type { Route } from '../shared/router';
import { AccountPage } from './pages/AccountPage';
import { AuthorizePage } from './pages/AuthorizePage';
import { ConfirmEmailPage } from './pages/ConfirmEmailPage';
import { DevicePage } from './pages/DevicePage';
import { ErrorPage } from './pages/ErrorPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { HomePage } from './pages/HomePage';
import { InvitePage } from './pages/InvitePage';
import { LogoutPage } from './pages/LogoutPage';
import { RegisterPage } from './pages/RegisterPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { SecuritySetupPage } from './pages/SecuritySetupPage';
import { SignInCodePage } from './pages/SignInCodePage';
import { SignInPage } from './pages/SignInPage';
import { VerifyEmailPage } from './pages/VerifyEmailPage';

export { USER_UI_BASE } from './navigation';

export const userRoutes: Route[] = [
  { path: '/', render: () => <HomePage /> },
  { path: '/sign-in', render: () => <SignInPage /> },
  { path: '/sign-in/code', render: () => <SignInCodePage /> },
  { path: '/register', render: () => <RegisterPage /> },
  { path: '/verify-email', render: () => <VerifyEmailPage /> },
  { path: '/forgot-password', render: () => <ForgotPasswordPage /> },
  { path: '/reset-password', render: () => <ResetPasswordPage /> },
  { path: '/authorize', render: () => <AuthorizePage /> },
  { path: '/device', render: () => <DevicePage /> },
  { path: '/account', render: () => <AccountPage /> },
  { path: '/account/security/setup', render: () => <SecuritySetupPage /> },
  { path: '/confirm-email', render: () => <ConfirmEmailPage /> },
  { path: '/invite', render: () => <InvitePage /> },
  { path: '/logout', render: () => <LogoutPage /> },
  { path: '/error', render: () => <ErrorPage /> },
];
