import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey, ApiKeyAccount, CreatedApiKey } from '../../../../shared/api/apiKeys';
import { apiScopes, type ApiScope } from '../../../../shared/api/publicApi';
import { platformNames } from '../../../../shared/platforms';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ErrorBox, NoticeBox, Spinner } from '../../components/ui/Form';
import { ApiError } from '../../lib/apiClient';
import { useApiKeys, useCreateApiKey, useKeyAccounts, useRevokeApiKey } from './apiKeysApi';

const EXPIRY_CHOICES = [0, 7, 30, 90, 365] as const;
const reasonOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));
const accountId = (account: ApiKeyAccount) => `${account.platform}#${account.accountId}`;

function useDateTime() {
  const { i18n } = useTranslation();
  const formatter = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => formatter.format(new Date(iso));
}

/** The new key, shown this once with a copy button. */
function MadeKey({ made }: { made: CreatedApiKey }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="api-keys-made">
      <NoticeBox>{t('apiKeys.made', { name: made.name })}</NoticeBox>
      <label htmlFor={id}>{t('apiKeys.keyLabel')}</label>
      <div className="api-keys-made-row">
        <input id={id} type="text" readOnly value={made.key} onFocus={(event) => event.currentTarget.select()} spellCheck={false} />
        <button type="button" className="button secondary" onClick={() => void navigator.clipboard?.writeText(made.key).then(() => setCopied(true))}>
          {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
        </button>
      </div>
    </div>
  );
}

function CreateKey() {
  const { t } = useTranslation();
  const ids = { name: useId(), nameHint: useId(), expiry: useId() };
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['read']);
  const [limited, setLimited] = useState(false);
  const [accounts, setAccounts] = useState<string[]>([]);
  const [days, setDays] = useState<number>(0);
  const [made, setMade] = useState<CreatedApiKey>();
  const connections = useKeyAccounts();
  const create = useCreateApiKey();
  const available = (connections.data?.connections ?? []).map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId, name: connection.displayName }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = available.filter((account) => accounts.includes(accountId(account))).map(({ platform, accountId: id }) => ({ platform, accountId: id }));
    create.mutate(
      { name, scopes, accounts: limited ? chosen : null, ...(days > 0 ? { expiresInDays: days } : {}) },
      { onSuccess: (key) => (setMade(key), setName(''), setAccounts([]), setLimited(false)) },
    );
  }

  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));
  const ready = name.trim() !== '' && scopes.length > 0 && (!limited || accounts.length > 0);
  return (
    <>
      <form className="api-keys-form" onSubmit={submit} noValidate>
        <h3>{t('apiKeys.create')}</h3>
        <div className="field">
          <label htmlFor={ids.name}>{t('apiKeys.name')}</label>
          <input id={ids.name} type="text" maxLength={80} value={name} onChange={(event) => setName(event.target.value)} aria-describedby={ids.nameHint} />
          <p id={ids.nameHint} className="field-hint">
            {t('apiKeys.nameHint')}
          </p>
        </div>
        <fieldset className="api-keys-fieldset">
          <legend>{t('apiKeys.scopes')}</legend>
          {apiScopes.map((scope) => (
            <label key={scope} className="api-keys-choice">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={(event) => setScopes((current) => toggle(current, scope, event.target.checked))} />
              <span>
                <strong>{t(`apiKeys.scope.${scope}`)}</strong>
                <span className="field-hint">{t(`apiKeys.scopeHint.${scope}`)}</span>
              </span>
            </label>
          ))}
          <p className="field-hint">{t('apiKeys.roleHint')}</p>
        </fieldset>
        <fieldset className="api-keys-fieldset">
          <legend>{t('apiKeys.accounts')}</legend>
          <label className="api-keys-choice">
            <input type="radio" name="api-key-accounts" checked={!limited} onChange={() => setLimited(false)} />
            <span>{t('apiKeys.allAccounts')}</span>
          </label>
          <label className="api-keys-choice">
            <input type="radio" name="api-key-accounts" checked={limited} onChange={() => setLimited(true)} disabled={available.length === 0} />
            <span>{t('apiKeys.someAccounts')}</span>
          </label>
          {limited &&
            available.map((account) => (
              <label key={accountId(account)} className="api-keys-choice api-keys-account">
                <input type="checkbox" checked={accounts.includes(accountId(account))} onChange={(event) => setAccounts((current) => toggle(current, accountId(account), event.target.checked))} />
                <span>
                  {account.name} <span className="field-hint">({platformNames[account.platform]})</span>
                </span>
              </label>
            ))}
          {limited && <p className="field-hint">{t('apiKeys.accountsHint')}</p>}
          {connections.isSuccess && available.length === 0 && <p className="field-hint">{t('apiKeys.noAccounts')}</p>}
        </fieldset>
        <div className="field">
          <label htmlFor={ids.expiry}>{t('apiKeys.expiresIn')}</label>
          <select id={ids.expiry} value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {EXPIRY_CHOICES.map((count) => (
              <option key={count} value={count}>
                {count === 0 ? t('apiKeys.never') : t('apiKeys.days', { count })}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className="button primary" disabled={!ready || create.isPending}>
            {create.isPending ? t('apiKeys.creating') : t('apiKeys.submit')}
          </button>
        </div>
        {create.isError && <ErrorBox>{reasonOf(create.error)}</ErrorBox>}
      </form>
      {made && <MadeKey made={made} />}
    </>
  );
}

function KeyRow({ apiKey, showMaker }: { apiKey: ApiKey; showMaker: boolean }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  const accounts = apiKey.accounts ? apiKey.accounts.map((account) => `${platformNames[account.platform]} ${account.accountId}`).join(', ') : t('apiKeys.allAccounts');
  const ends =
    apiKey.status === 'revoked'
      ? t('apiKeys.revokedOn', { date: format(apiKey.revokedAt!) })
      : apiKey.expiresAt
        ? t(apiKey.status === 'expired' ? 'apiKeys.expired' : 'apiKeys.expires', { date: format(apiKey.expiresAt) })
        : t('apiKeys.noExpiry');
  return (
    <li className="api-keys-item">
      <div className="api-keys-item-what">
        <strong>{apiKey.name}</strong> <code>{apiKey.prefix}</code>
        <span>
          {apiKey.scopes.map((scope) => t(`apiKeys.scope.${scope}`)).join(' · ')} — {accounts}
        </span>
        <span>{showMaker ? t('apiKeys.createdBy', { email: apiKey.createdByEmail, date: format(apiKey.createdAt) }) : t('apiKeys.created', { date: format(apiKey.createdAt) })}</span>
        <span>
          {ends} · {apiKey.lastUsedAt ? t('apiKeys.lastUsed', { date: format(apiKey.lastUsedAt), address: apiKey.lastUsedFrom ?? '' }) : t('apiKeys.neverUsed')}
        </span>
      </div>
      <span className="api-keys-status" data-status={apiKey.status}>
        {t(`apiKeys.status.${apiKey.status}`)}
      </span>
      {apiKey.status === 'active' && (
        <button type="button" className="button ghost" onClick={() => setConfirming(true)}>
          {t('apiKeys.revoke')}
        </button>
      )}
      {revoke.isError && <ErrorBox>{reasonOf(revoke.error)}</ErrorBox>}
      <ConfirmDialog
        open={confirming}
        title={t('apiKeys.revokeTitle', { name: apiKey.name })}
        body={t('apiKeys.revokeBody')}
        confirmLabel={t('apiKeys.revoke')}
        cancelLabel={t('apiKeys.cancel')}
        busy={revoke.isPending}
        onConfirm={() => revoke.mutate(apiKey.keyId, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

/** Settings › API keys: make a key for scripts and assistants (shown once), see the workspace's keys, revoke one. */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const listId = useId();
  return (
    <section className="card settings-section" aria-labelledby="settings-api-keys">
      <h2 id="settings-api-keys">{t('apiKeys.title')}</h2>
      <p className="field-hint">{t('apiKeys.intro')}</p>
      <CreateKey />
      <h3 id={listId}>{keys.data?.seesEveryMember ? t('apiKeys.listEveryone') : t('apiKeys.listOwn')}</h3>
      {keys.isPending && <Spinner label={t('common.loading')} />}
      {keys.isError && <ErrorBox>{reasonOf(keys.error)}</ErrorBox>}
      {keys.data && keys.data.keys.length === 0 && <p className="field-hint">{t('apiKeys.none')}</p>}
      {keys.data && keys.data.keys.length > 0 && (
        <ul className="api-keys-list" aria-labelledby={listId}>
          {keys.data.keys.map((apiKey) => (
            <KeyRow key={apiKey.keyId} apiKey={apiKey} showMaker={keys.data.seesEveryMember} />
          ))}
        </ul>
      )}
    </section>
  );
}
