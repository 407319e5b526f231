import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { LandingPage } from '../features/landing/LandingPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { SignUpPage } from '../features/auth/components/SignUpPage';
import { ConfirmSignUpPage } from '../features/auth/components/ConfirmSignUpPage';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage';
import { RedirectIfSignedIn, RequireAuth } from '../features/auth/components/guards';
import { LegalPage } from '../features/legal/LegalPage';
import { AuthCallbackPage } from '../features/callback/AuthCallbackPage';
import { DashboardLayout } from '../features/dashboard/DashboardLayout';
import { ContentPage } from '../features/content/ContentPage';
import { ModulePage } from '../features/modules/ModulePage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { AccountsPage } from '../features/accounts/components/AccountsPage';
import { NewPostWizard } from '../features/posts/wizard/NewPostWizard';
import { PostListPage } from '../features/posts/lists/PostListPage';

/** /accounts → /dashboard/accounts (replace), keeping the query string (OAuth results ride on it). */
function AccountsRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/dashboard/accounts${search}`} replace />;
}

const signedOutOnly = (element: React.ReactNode) => <RedirectIfSignedIn>{element}</RedirectIfSignedIn>;

export const router = createBrowserRouter([
  { path: '/', element: signedOutOnly(<LandingPage />) },
  { path: '/login', element: signedOutOnly(<LoginPage />) },
  { path: '/signup', element: signedOutOnly(<SignUpPage />) },
  { path: '/confirm', element: <ConfirmSignUpPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/privacy', element: <LegalPage document="privacy" /> },
  { path: '/terms', element: <LegalPage document="terms" /> },
  { path: '/accounts', element: <AccountsRedirect /> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/account-deleted', lazy: async () => ({ Component: (await import('../features/settings/AccountDeletedPage')).AccountDeletedPage }) },
  {
    path: '/new-post',
    element: (
      <RequireAuth>
        <DashboardLayout withNav={false} />
      </RequireAuth>
    ),
    children: [{ index: true, element: <NewPostWizard /> }],
  },
  {
    path: '/dashboard',
    element: (
      <RequireAuth>
        <DashboardLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <NewPostWizard /> },
      { path: 'scheduled', element: <PostListPage list="scheduled" /> },
      { path: 'calendar', lazy: async () => ({ Component: (await import('../features/posts/calendar/CalendarPage')).CalendarPage }) },
      { path: 'posts', element: <PostListPage list="published" /> },
      // Loaded on demand: the charting code stays out of the initial bundle.
      { path: 'analytics', lazy: async () => ({ Component: (await import('../features/analytics/AnalyticsPage')).AnalyticsPage }) },
      { path: 'accounts', element: <AccountsPage /> },
      { path: 'content', element: <ContentPage /> },
      { path: 'settings', lazy: async () => ({ Component: (await import('../features/settings/SettingsPage')).SettingsPage }) },
      { path: 'influencer', element: <ModulePage key="influencer" module="influencer" /> },
      { path: 'autotoon', element: <ModulePage key="autotoon" module="autotoon" /> },
      { path: 'podcast', element: <ModulePage key="podcast" module="podcast" /> },
      { path: 'image-generator', element: <ModulePage key="imageGenerator" module="imageGenerator" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
