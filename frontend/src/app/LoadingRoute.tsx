import { useTranslation } from 'react-i18next';
import { PageSkeleton, Skeleton } from '../components/ui/Skeleton';

/** The first paint while a lazy page's code arrives: the dashboard's shape, not a blank screen. */
export function LoadingRoute() {
  const { t } = useTranslation();
  const inDashboard = /^\/(dashboard|new-post)/.test(window.location.pathname);
  if (!inDashboard) return <PageSkeleton label={t('ui.loadingPage')} cards={2} />;
  return (
    <div className="dashboard">
      <div className="sidebar sidebar-skeleton" aria-hidden="true">
        <Skeleton width="8rem" height="1.75rem" />
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} height="1.25rem" />
        ))}
      </div>
      <main className="dashboard-main">
        <PageSkeleton label={t('ui.loadingPage')} />
      </main>
    </div>
  );
}
