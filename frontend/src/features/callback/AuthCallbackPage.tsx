import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Form';

/** Where the OAuth flow lands: says the account is connecting, then goes to the Accounts page. */
export const callbackRedirectDelayMs = 1500;

export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => navigate(`/dashboard/accounts${search}`, { replace: true }), callbackRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [navigate, search]);
  return (
    <main className="centered">
      <Spinner label={t('callback.connecting')} />
    </main>
  );
}
