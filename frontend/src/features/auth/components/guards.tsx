import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/Form';
import { useAuth } from '../AuthProvider';

/** Dashboard routes need a signed-in user; others are sent to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { t } = useTranslation();
  const location = useLocation();
  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (status === 'signedOut') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Pages for signed-out visitors (landing, login) send a signed-in user to /dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const { t } = useTranslation();
  if (status === 'loading') return <Spinner label={t('common.loading')} />;
  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
