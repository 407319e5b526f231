import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/PageTitle';
import { Spinner } from '../../components/ui/Form';
import { useAuth } from '../auth';
import './settings.css';

/** Where a deleted account lands: the browser's session is ended here (the user no longer exists). */
export function AccountDeletedPage() {
  const { t } = useTranslation();
  const { status, signOut } = useAuth();
  // Only the deletion itself comes here signed in (it says so in the navigation state).
  const justDeleted = (useLocation().state as { deleted?: boolean } | null)?.deleted === true;
  const [ending, setEnding] = useState(status === 'signedIn');
  useEffect(() => {
    if (status !== 'signedIn' || !justDeleted) return;
    signOut()
      .catch(() => undefined)
      .finally(() => setEnding(false));
  }, [status, signOut, justDeleted]);
  if (status === 'signedIn' && !justDeleted) return <Navigate to="/dashboard" replace />;
  return (
    <main className="account-deleted">
      <div className="card">
        <PageTitle>{t('settings.deleted.title')}</PageTitle>
        <p role="status">{t('settings.deleted.body')}</p>
        {ending ? (
          <Spinner label={t('common.loading')} />
        ) : (
          <Link to="/" className="button primary">
            {t('common.backToHome')}
          </Link>
        )}
      </div>
    </main>
  );
}
