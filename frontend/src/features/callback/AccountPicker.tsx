import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { platformNames, type Platform } from '../../../../shared/platforms';
import type { ChoosableAccount } from '../../../../shared/api/connections';
import { useApi } from '../../lib/useApi';
import { confirmedSearch } from './confirmedSearch';

/**
 * The accounts one consent manages (Facebook Pages, LinkedIn organizations, Google Business
 * Profile locations): the user ticks which to connect, at least one. `onDone` gets the query
 * string the Accounts page shows the outcome from ('' when the user cancelled).
 */
export function AccountPicker({
  platform,
  choiceId,
  accounts,
  onDone,
}: {
  platform: Platform;
  choiceId: string;
  accounts: ChoosableAccount[];
  onDone: (search: string) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [noneChosen, setNoneChosen] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = platformNames[platform];

  function toggle(accountId: string) {
    setNoneChosen(false);
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(accountId)) next.delete(accountId);
      else next.add(accountId);
      return next;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.size === 0) {
      setNoneChosen(true);
      return;
    }
    setBusy(true);
    const accountIds = accounts.map((account) => account.id).filter((accountId) => chosen.has(accountId));
    onDone(await confirmedSearch(() => api('chooseConnectionAccounts', { path: { platform }, body: { choiceId, accountIds } }), platform));
  }

  return (
    <main className="centered">
      <form className="card account-picker" noValidate aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}>
        <h1 id={`${id}-title`}>{String(t('callback.chooseTitle', { platform: name, context: platform }))}</h1>
        <p>{String(t('callback.chooseHint', { platform: name, context: platform }))}</p>
        <fieldset aria-describedby={noneChosen ? `${id}-none` : undefined} aria-invalid={noneChosen || undefined}>
          <legend>{String(t('callback.chooseLegend', { platform: name, context: platform }))}</legend>
          {accounts.map((account) => (
            <label key={account.id} className="account-choice">
              <input
                type="checkbox"
                checked={chosen.has(account.id)}
                onChange={() => toggle(account.id)}
                disabled={busy}
                {...(account.username ? { 'aria-label': account.name, 'aria-describedby': `${id}-detail-${account.id}` } : {})}
              />
              {account.pictureUrl && <img src={account.pictureUrl} alt="" width={32} height={32} className="avatar" />}
              <span className="account-choice-names">
                <span>{account.name}</span>
                {account.username && (
                  <span id={`${id}-detail-${account.id}`} className="account-choice-detail">
                    {account.username}
                  </span>
                )}
              </span>
            </label>
          ))}
        </fieldset>
        {noneChosen && (
          <p id={`${id}-none`} role="alert" className="field-error">
            {t('callback.chooseAtLeastOne')}
          </p>
        )}
        <p className="hint">{t('callback.chooseExpires')}</p>
        <div className="dialog-actions">
          <button type="button" className="button secondary" disabled={busy} onClick={() => onDone('')}>
            {t('callback.chooseCancel')}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? t('callback.choosing') : t('callback.chooseSubmit')}
          </button>
        </div>
      </form>
    </main>
  );
}
