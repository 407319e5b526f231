import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Form';
import { isPlatform } from '../../../../shared/platforms';
import { useApi } from '../../lib/useApi';
import { takeReturnPath, withSearch } from '../../lib/returnTo';
import { confirmedSearch } from './confirmedSearch';

/** Where the OAuth flow lands: says the account is connecting, then goes to the Accounts page. */
export const callbackRedirectDelayMs = 1500;

/**
 * A flow the platform sent back carries `platform` and `state`: the signed-in user confirms it
 * here (the API checks they are who started it, from this browser) before it connects anything.
 * Whatever the outcome, the Accounts page shows it (by code, in our words) after 1.5 s — or the
 * in-app page the flow was started from (the wizard's step 2), when it left a safe return path.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const api = useApi();
  const { search } = useLocation();
  // One confirm per flow, even when React runs the effect twice (strict mode): a second call
  // would find the flow already used.
  const pending = useRef<{ search: string; outcome: Promise<string> } | undefined>(undefined);
  useEffect(() => {
    if (pending.current?.search !== search) {
      const params = new URLSearchParams(search);
      const platform = params.get('platform');
      const state = params.get('state');
      const outcome =
        platform && isPlatform(platform) && state
          ? confirmedSearch(() => api('confirmConnection', { path: { platform }, body: { state } }), platform)
          : Promise.resolve(search);
      pending.current = { search, outcome };
    }
    const { outcome } = pending.current;
    const delay = new Promise((resolve) => setTimeout(resolve, callbackRedirectDelayMs));
    let cancelled = false;
    void Promise.all([outcome, delay]).then(([next]) => {
      if (cancelled) return;
      const back = takeReturnPath(window.location.origin, sessionStorage);
      navigate(back ? withSearch(back, next) : `/dashboard/accounts${next}`, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [api, navigate, search]);
  return (
    <main className="centered">
      <Spinner label={t('callback.connecting')} />
    </main>
  );
}
