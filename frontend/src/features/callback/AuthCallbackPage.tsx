import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/Form';
import { isPlatform, type Platform } from '../../../../shared/platforms';
import type { ChoosableAccount } from '../../../../shared/api/connections';
import { useApi } from '../../lib/useApi';
import { takeReturnPath, withSearch } from '../../lib/returnTo';
import { confirmedOutcome, type ConfirmOutcome } from './confirmedSearch';
import { AccountPicker } from './AccountPicker';

/** Where the OAuth flow lands: says the account is connecting, then goes to the Accounts page. */
export const callbackRedirectDelayMs = 1500;

/**
 * A flow the platform sent back carries `platform` and `state`: the signed-in user confirms it
 * here (the API checks they are who started it, from this browser) before it connects anything.
 * Where one consent manages several accounts, the confirm answers them and the user picks which
 * to connect here. Whatever the outcome, the Accounts page shows it (by code, in our words) after
 * 1.5 s — or the in-app page the flow was started from (the wizard's step 2), when it left a safe
 * return path.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const api = useApi();
  const { search } = useLocation();
  const [choice, setChoice] = useState<{ platform: Platform; choiceId: string; accounts: ChoosableAccount[] } | undefined>(undefined);
  // One confirm per flow, even when React runs the effect twice (strict mode): a second call
  // would find the flow already used.
  const pending = useRef<{ search: string; platform: Platform | undefined; outcome: Promise<ConfirmOutcome> } | undefined>(undefined);

  const leave = useCallback(
    (next: string) => {
      const back = takeReturnPath(window.location.origin, sessionStorage);
      navigate(back ? withSearch(back, next) : `/dashboard/accounts${next}`, { replace: true });
    },
    [navigate],
  );

  useEffect(() => {
    if (pending.current?.search !== search) {
      const params = new URLSearchParams(search);
      const named = params.get('platform');
      const platform = named && isPlatform(named) ? named : undefined;
      const state = params.get('state');
      const outcome: Promise<ConfirmOutcome> =
        platform && state ? confirmedOutcome(() => api('confirmConnection', { path: { platform }, body: { state } }), platform) : Promise.resolve({ search });
      pending.current = { search, platform, outcome };
    }
    const { outcome, platform } = pending.current;
    const delay = new Promise((resolve) => setTimeout(resolve, callbackRedirectDelayMs));
    let cancelled = false;
    void outcome.then(async (result) => {
      if ('choice' in result) {
        if (!cancelled && platform) setChoice({ platform, ...result.choice });
        return;
      }
      await delay;
      if (!cancelled) leave(result.search);
    });
    return () => {
      cancelled = true;
    };
  }, [api, leave, search]);

  if (choice) return <AccountPicker {...choice} onDone={leave} />;
  return (
    <main className="centered">
      <Spinner label={t('callback.connecting')} />
    </main>
  );
}
