import { useCallback, useMemo, useState } from 'react';
import type { Connection } from '../../../../../../shared/api/connections';
import { postOptionRules, type PostOptionsEditor } from '../../../../../../shared/platforms/postOptions';
import { accountKey } from '../components/PlatformStep';
import type { AccountOptions } from './types';

/** The chosen accounts whose platform asks for post options, with the kind of form it needs. */
export function accountsWithOptions(accounts: readonly Connection[]): Array<{ account: Connection; editor: PostOptionsEditor }> {
  return accounts.flatMap((account) => {
    const rule = postOptionRules[account.platform];
    return rule ? [{ account, editor: rule.editor }] : [];
  });
}

/**
 * The wizard's per-account post options: the choices, what each form says still blocks
 * publishing, and each target's options for the API.
 */
export function usePostOptions(chosenAccounts: readonly Connection[], initial: Record<string, AccountOptions> = {}) {
  // The choices a kept draft made (by account key), shown again as they were.
  const [choices, setChoices] = useState<Record<string, AccountOptions>>(() => initial);
  const [blockers, setBlockers] = useState<Record<string, string | undefined>>({});
  const withOptions = useMemo(() => accountsWithOptions(chosenAccounts), [chosenAccounts]);

  const setChoice = useCallback((key: string, value: AccountOptions) => setChoices((current) => ({ ...current, [key]: value })), []);
  const setBlocker = useCallback(
    (key: string, message: string | undefined) => setBlockers((current) => (key in current && current[key] === message ? current : { ...current, [key]: message })),
    [],
  );

  // Only the chosen accounts count.
  const blocker = withOptions.map(({ account }) => blockers[accountKey(account)]).find(Boolean);
  return {
    withOptions,
    /** A form has not said yet whether its choices are complete (it is being shown for the first time). */
    pending: withOptions.some(({ account }) => !(accountKey(account) in blockers)),
    choices,
    setChoice,
    setBlocker,
    blocker,
    /** The options a target sends (undefined for a platform that asks for none). */
    optionsFor: (account: Connection): AccountOptions | undefined => (postOptionRules[account.platform] ? (choices[accountKey(account)] ?? {}) : undefined),
  };
}
