import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { themes, type Account, type AccountSettings, type Language, type Theme } from '../../../../shared/api/account';
import { TimeZoneCombobox } from '../../components/ui/TimeZoneCombobox';
import { supportedLanguages } from '../../i18n';
import { ErrorBox, NoticeBox, Spinner } from '../../components/ui/Form';
import { PageTitle } from '../../components/ui/PageTitle';
import { ApiError } from '../../lib/apiClient';
import { themePreference } from '../theme';
import { useAccount, useAccountDeletion, useDataExport, useDeleteAccount, useSaveSettings, useStartExport } from './api';
import { DeletionProgress } from './DeletionProgress';
import { applySettings, browserZone, savedTimeZone } from './savedSettings';
import { StorageUsage } from './StorageUsage';
import { ApiKeysSection } from './ApiKeysSection';
import { ApiSection } from './ApiSection';
import { WebhooksSection } from './WebhooksSection';
import { formatBytes } from './formatBytes';
import './settings.css';

const reasonOf = (error: unknown, fallback: string) => (error instanceof ApiError || error instanceof Error ? error.message : fallback);

function ProfileSection({ account }: { account: Account }) {
  const { t, i18n } = useTranslation();
  const save = useSaveSettings();
  const ids = { language: useId(), zone: useId(), zoneHint: useId(), email: useId(), emailHint: useId() };
  const initial: AccountSettings = account.settings ?? {
    language: (supportedLanguages as readonly string[]).includes(i18n.resolvedLanguage ?? '') ? (i18n.resolvedLanguage as Language) : 'en',
    timeZone: savedTimeZone() ?? browserZone(),
    theme: themePreference(),
  };
  const [form, setForm] = useState<AccountSettings>(initial);
  const [saved, setSaved] = useState(false);
  const change = (patch: Partial<AccountSettings>) => {
    setSaved(false);
    setForm((current) => ({ ...current, ...patch }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(form, {
      onSuccess: (updated) => {
        if (updated.settings) applySettings(updated.settings, (language) => i18n.changeLanguage(language));
        setSaved(true);
      },
    });
  }

  return (
    <section className="card settings-section" aria-labelledby="settings-profile">
      <h2 id="settings-profile">{t('settings.profile.title')}</h2>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.email}>{t('settings.profile.email')}</label>
          <input id={ids.email} type="email" value={account.email} readOnly aria-describedby={ids.emailHint} data-testid="settings-email" />
          <p id={ids.emailHint} className="field-hint">
            {t('settings.profile.emailHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={ids.language}>{t('settings.profile.language')}</label>
          <select id={ids.language} value={form.language} onChange={(event) => change({ language: event.target.value as Language })}>
            {supportedLanguages.map((language) => (
              <option key={language} value={language}>
                {t(`common.languages.${language}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.zone}>{t('settings.profile.timeZone')}</label>
          <TimeZoneCombobox id={ids.zone} value={form.timeZone} onChange={(timeZone) => change({ timeZone })} describedBy={ids.zoneHint} />
          <p id={ids.zoneHint} className="field-hint">
            {t('settings.profile.timeZoneHint')}
          </p>
        </div>
        <fieldset className="field settings-theme">
          <legend>{t('settings.profile.theme')}</legend>
          {themes.map((theme: Theme) => (
            <label key={theme} className="settings-radio">
              <input type="radio" name="theme" value={theme} checked={form.theme === theme} onChange={() => change({ theme })} />
              {t(`settings.profile.themes.${theme}`)}
            </label>
          ))}
        </fieldset>
        {!account.settings && <p className="field-hint">{t('settings.profile.notSavedYet')}</p>}
        {save.isError && <ErrorBox>{reasonOf(save.error, t('common.genericError'))}</ErrorBox>}
        {saved && <NoticeBox>{t('settings.profile.saved')}</NoticeBox>}
        <button type="submit" className="button primary" disabled={save.isPending}>
          {save.isPending ? t('settings.profile.saving') : t('settings.profile.save')}
        </button>
      </form>
    </section>
  );
}

function MembershipSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { membership, usage } = account;
  const limit = (value: number | null) => (value === null ? t('settings.membership.unlimited') : String(value));
  return (
    <section className="card settings-section" aria-labelledby="settings-membership">
      <h2 id="settings-membership">{t('settings.membership.title')}</h2>
      <dl className="settings-facts">
        <dt>{t('settings.membership.plan')}</dt>
        <dd data-testid="settings-plan">{t(`membership.${membership.membershipType}`)}</dd>
        <dt>{t('settings.membership.posts')}</dt>
        <dd>{limit(membership.maxPosts)}</dd>
        <dt>{t('settings.membership.accounts')}</dt>
        <dd>{limit(membership.maxAccounts)}</dd>
        <dt>{t('settings.membership.scheduling')}</dt>
        <dd>{membership.canSchedule ? t('settings.membership.included') : t('settings.membership.notIncluded')}</dd>
      </dl>
      <h3>{t('settings.membership.usage')}</h3>
      <ul className="settings-usage" data-testid="settings-usage">
        <li>
          {membership.maxPosts === null
            ? t('settings.membership.postsUsedUnlimited', { count: usage.postsThisMonth })
            : t('settings.membership.postsUsed', { count: usage.postsThisMonth, max: membership.maxPosts })}
        </li>
        <li>
          {membership.maxAccounts === null
            ? t('settings.membership.accountsUsedUnlimited', { count: usage.connectedAccounts })
            : t('settings.membership.accountsUsed', { count: usage.connectedAccounts, max: membership.maxAccounts })}
        </li>
      </ul>
      <StorageUsage />
    </section>
  );
}

function ExportSection() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const state = useDataExport();
  const start = useStartExport();
  const data = state.data;
  const formatDate = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const preparing = data?.status === 'preparing' || start.isPending;
  return (
    <section className="card settings-section" aria-labelledby="settings-export">
      <h2 id="settings-export">{t('settings.export.title')}</h2>
      <p>{t('settings.export.body')}</p>
      <div aria-live="polite">
        {preparing && <Spinner label={t('settings.export.preparing')} />}
        {data?.status === 'ready' && data.downloadUrl && data.readyAt && (
          <div className="settings-export-ready">
            <p>{t('settings.export.ready', { size: formatBytes(data.size ?? 0, language), date: formatDate(data.readyAt) })}</p>
            <a className="button primary" href={data.downloadUrl} download data-testid="export-download">
              {t('settings.export.download')}
            </a>
            {data.archiveExpiresAt && <p className="field-hint">{t('settings.export.linkNote', { date: formatDate(data.archiveExpiresAt) })}</p>}
          </div>
        )}
        {data?.status === 'failed' && <ErrorBox>{t('settings.export.failed', { reason: data.error ?? t('common.genericError') })}</ErrorBox>}
        {(state.isError || start.isError) && <ErrorBox>{reasonOf(state.error ?? start.error, t('common.genericError'))}</ErrorBox>}
      </div>
      {!preparing && (
        <button type="button" className="button secondary" onClick={() => start.mutate()} disabled={state.isLoading}>
          {data?.status === 'ready' ? t('settings.export.again') : t('settings.export.start')}
        </button>
      )}
    </section>
  );
}

function DeleteSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const matches = typed.trim().toLowerCase() === account.email.toLowerCase();

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!matches) return;
    // The deletion starts in the background; the page then shows its progress (DeletionProgress).
    remove.mutate(typed);
  }

  const mismatch = touched && !matches;
  return (
    <section className="card settings-section settings-danger" aria-labelledby="settings-delete">
      <h2 id="settings-delete">{t('settings.delete.title')}</h2>
      <p>{t('settings.delete.body')}</p>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={inputId}>{t('settings.delete.confirmLabel', { email: account.email })}</label>
          <input
            id={inputId}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={mismatch ? true : undefined}
            aria-describedby={mismatch ? errorId : undefined}
          />
          {mismatch && (
            <p id={errorId} className="field-error">
              {t('settings.delete.mismatch')}
            </p>
          )}
        </div>
        {remove.isError && <ErrorBox>{t('settings.delete.failed', { reason: reasonOf(remove.error, t('common.genericError')) })}</ErrorBox>}
        <button type="submit" className="button danger" disabled={remove.isPending || remove.isSuccess}>
          {remove.isPending || remove.isSuccess ? t('settings.delete.deleting') : t('settings.delete.submit')}
        </button>
      </form>
    </section>
  );
}

/**
 * Settings: profile, membership and usage, Download my data, Delete my account. Once a deletion
 * has started, only its progress (and "Continue deletion" if it stopped): everything else refuses.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deletion = useAccountDeletion();
  const deletionStatus = deletion.data?.status;
  const account = useAccount({ enabled: deletionStatus === 'none' || deletion.isError });
  // Off the dashboard first (its guard would send a signed-out browser to /login), then signed out there.
  useEffect(() => {
    if (deletionStatus === 'deleted') void navigate('/account-deleted', { replace: true, state: { deleted: true } });
  }, [deletionStatus, navigate]);
  if (deletion.data && deletionStatus !== 'none') {
    return (
      <div className="settings-page">
        <PageTitle>{t('settings.title')}</PageTitle>
        <DeletionProgress progress={deletion.data} />
      </div>
    );
  }
  return (
    <div className="settings-page">
      <PageTitle>{t('settings.title')}</PageTitle>
      {(deletion.isPending || account.isPending) && <Spinner label={t('settings.loading')} />}
      {account.isError && (
        <>
          <ErrorBox>
            {t('settings.loadFailed')} {reasonOf(account.error, '')}
          </ErrorBox>
          <button type="button" className="button secondary" onClick={() => void account.refetch()}>
            {t('settings.retry')}
          </button>
        </>
      )}
      {account.data && (
        <>
          <ProfileSection key={account.data.userId} account={account.data} />
          <MembershipSection account={account.data} />
          {/* The workspace's connections to other software: keys, then webhooks, then the reference. */}
          <ApiKeysSection />
          <WebhooksSection />
          <ApiSection />
          <ExportSection />
          <DeleteSection account={account.data} />
        </>
      )}
    </div>
  );
}
