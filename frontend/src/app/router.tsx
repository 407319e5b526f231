import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import type { ModuleId } from '../../../shared/api/modules';
import type { PostList } from '../../../shared/api/posts';
import { LandingPage } from '../features/landing/LandingPage';
import { LoginPage } from '../features/auth/components/LoginPage';
import { SignUpPage } from '../features/auth/components/SignUpPage';
import { RedirectIfSignedIn, RequireAuth } from '../features/auth/components/guards';
import { DashboardLayout } from '../features/dashboard/DashboardLayout';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteError } from '../components/ui/RouteError';
import { LoadingRoute } from './LoadingRoute';

/** /accounts → /dashboard/accounts (replace), keeping the query string (OAuth results ride on it). */
function AccountsRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/dashboard/accounts${search}`} replace />;
}

const signedOutOnly = (element: React.ReactNode) => <RedirectIfSignedIn>{element}</RedirectIfSignedIn>;

// The dashboard's pages load on demand, so the public pages (landing, sign-in) do not carry them.
const wizard = async () => ({ Component: (await import('../features/posts/wizard/NewPostWizard')).NewPostWizard });
const postList = (list: Extract<PostList, 'scheduled' | 'published'>) => async () => {
  const { PostListPage } = await import('../features/posts/lists/PostListPage');
  return { Component: () => <PostListPage list={list} /> };
};
// Pages a visit rarely starts on (the e-mailed links, the legal texts, the OAuth return) load on demand too.
const legalPage = (document: 'privacy' | 'terms') => async () => {
  const { LegalPage } = await import('../features/legal/LegalPage');
  return { Component: () => <LegalPage document={document} /> };
};
const modulePage = (module: ModuleId) => async () => {
  const { ModulePage } = await import('../features/modules/ModulePage');
  return { Component: () => <ModulePage key={module} module={module} /> };
};

export const router = createBrowserRouter([
  {
    // Shown while a lazy page's code loads on a first visit, and when it fails to load.
    hydrateFallbackElement: <LoadingRoute />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: signedOutOnly(<LandingPage />) },
      { path: '/login', element: signedOutOnly(<LoginPage />) },
      { path: '/signup', element: signedOutOnly(<SignUpPage />) },
      { path: '/confirm', lazy: async () => ({ Component: (await import('../features/auth/components/ConfirmSignUpPage')).ConfirmSignUpPage }) },
      { path: '/reset-password', lazy: async () => ({ Component: (await import('../features/auth/components/ResetPasswordPage')).ResetPasswordPage }) },
      { path: '/privacy', lazy: legalPage('privacy') },
      { path: '/terms', lazy: legalPage('terms') },
      { path: '/accounts', element: <AccountsRedirect /> },
      { path: '/auth/callback', lazy: async () => ({ Component: (await import('../features/callback/AuthCallbackPage')).AuthCallbackPage }) },
      // A client's review page: no account; the link's secret is in the fragment (/review#<token>).
      { path: '/review', lazy: async () => ({ Component: (await import('../features/posts/review/ReviewPage')).ReviewPage }) },
      { path: '/invitations', lazy: async () => ({ Component: (await import('../features/workspaces/InvitationPage')).InvitationPage }) },
      // An MCP client's sign-in: the authorization endpoint sends the browser here (docs/mcp.md).
      { path: '/connect-assistant', lazy: async () => ({ Component: (await import('../features/connectAssistant/ConnectAssistantPage')).ConnectAssistantPage }) },
      { path: '/account-deleted', lazy: async () => ({ Component: (await import('../features/settings/AccountDeletedPage')).AccountDeletedPage }) },
      {
        path: '/new-post',
        element: (
          <RequireAuth>
            <DashboardLayout withNav={false} />
          </RequireAuth>
        ),
        children: [{ index: true, lazy: wizard, errorElement: <RouteError /> }],
      },
      {
        path: '/dashboard',
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
        children: [
          {
            // Inside the layout: a page that fails to load keeps the sidebar.
            errorElement: <RouteError />,
            children: [
              { index: true, lazy: wizard },
              { path: 'scheduled', lazy: postList('scheduled') },
              { path: 'calendar', lazy: async () => ({ Component: (await import('../features/posts/calendar/CalendarPage')).CalendarPage }) },
              { path: 'queue', lazy: async () => ({ Component: (await import('../features/posts/queue/QueuePage')).QueuePage }) },
              { path: 'posts', lazy: postList('published') },
              { path: 'approvals', lazy: async () => ({ Component: (await import('../features/posts/approvals/ApprovalsPage')).ApprovalsPage }) },
              { path: 'posts/drafts', lazy: async () => ({ Component: (await import('../features/posts/drafts/DraftsPage')).DraftsPage }) },
              // Loaded on demand: the charting code stays out of the initial bundle.
              { path: 'analytics', lazy: async () => ({ Component: (await import('../features/analytics/AnalyticsPage')).AnalyticsPage }) },
              { path: 'accounts', lazy: async () => ({ Component: (await import('../features/accounts/components/AccountsPage')).AccountsPage }) },
              { path: 'content', lazy: async () => ({ Component: (await import('../features/content/ContentPage')).ContentPage }) },
              { path: 'workspace', lazy: async () => ({ Component: (await import('../features/workspaces/WorkspacePage')).WorkspacePage }) },
              { path: 'activity', lazy: async () => ({ Component: (await import('../features/activity/ActivityPage')).ActivityPage }) },
              { path: 'review-links', lazy: async () => ({ Component: (await import('../features/posts/review/ReviewLinksPage')).ReviewLinksPage }) },
              { path: 'feeds', lazy: async () => ({ Component: (await import('../features/feeds/FeedsPage')).FeedsPage }) },
              { path: 'settings', lazy: async () => ({ Component: (await import('../features/settings/SettingsPage')).SettingsPage }) },
              { path: 'api', lazy: async () => ({ Component: (await import('../features/apiReference/ApiReferencePage')).ApiReferencePage }) },
              { path: 'influencer', lazy: modulePage('influencer') },
              { path: 'autotoon', lazy: modulePage('autotoon') },
              { path: 'podcast', lazy: modulePage('podcast') },
              { path: 'image-generator', lazy: modulePage('imageGenerator') },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
