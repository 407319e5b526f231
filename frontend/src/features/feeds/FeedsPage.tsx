import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { roleMay } from '../../../../shared/api/authorization';
import { feedModes, type AddFeed, type Feed, type FeedMode } from '../../../../shared/api/feeds';
import { platformNames } from '../../../../shared/platforms';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ErrorBox, NoticeBox, Spinner } from '../../components/ui/Form';
import { PageTitle } from '../../components/ui/PageTitle';
import { PlatformChip } from '../../components/ui/PlatformChip';
import { ApiError } from '../../lib/apiClient';
import { useCurrentWorkspace } from '../workspaces';
import { useAddFeed, useFeedAccounts, useFeeds, useFetchFeed, useRemoveFeed, useUpdateFeed } from './api';
import './feeds.css';

const reasonOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  return (iso) => format.format(new Date(iso));
}

type Account = AddFeed['accounts'][number];
const accountKey = (account: Account) => `${account.platform}#${account.accountId}`;

function AddFeedForm() {
  const { t } = useTranslation();
  const ids = { title: useId(), url: useId(), urlHint: useId(), accounts: useId(), mode: useId() };
  const connections = useFeedAccounts();
  const add = useAddFeed();
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<Account[]>([]);
  const [mode, setMode] = useState<FeedMode>('draft');
  const accounts = connections.data?.connections ?? [];

  function toggle(account: Account, on: boolean) {
    setChosen((current) => (on ? [...current, account] : current.filter((one) => accountKey(one) !== accountKey(account))));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ url: url.trim(), accounts: chosen, mode }, { onSuccess: () => (setUrl(''), setChosen([]), setMode('draft')) });
  }

  return (
    <section className="card" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t('feeds.add')}</h2>
      <form className="feeds-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.url}>{t('feeds.url')}</label>
          <input id={ids.url} type="url" inputMode="url" autoComplete="off" placeholder="https://" value={url} onChange={(event) => setUrl(event.target.value)} aria-describedby={ids.urlHint} />
          <p id={ids.urlHint} className="feeds-hint">
            {t('feeds.urlHint')}
          </p>
        </div>
        <fieldset>
          <legend>{t('feeds.mode')}</legend>
          <ul className="feeds-accounts">
            {feedModes.map((value) => (
              <li key={value}>
                <label>
                  <input type="radio" name={ids.mode} value={value} checked={mode === value} onChange={() => setMode(value)} />
                  <span>{t(`feeds.modes.${value}`)}</span>
                </label>
              </li>
            ))}
          </ul>
          <p className="feeds-hint">{t(`feeds.modeHints.${mode}`)}</p>
        </fieldset>
        <fieldset>
          <legend>{t(mode === 'queue' ? 'feeds.queueAccounts' : 'feeds.accounts')}</legend>
          {connections.isPending && <Spinner label={t('common.loading')} />}
          {connections.isSuccess && accounts.length === 0 && <p className="feeds-hint">{t('feeds.noAccounts')}</p>}
          {accounts.length > 0 && (
            <>
              <p className="feeds-hint">{t(mode === 'queue' ? 'feeds.queueAccountsHint' : 'feeds.accountsHint')}</p>
              <ul className="feeds-accounts">
                {accounts.map((connection) => {
                  const account = { platform: connection.platform, accountId: connection.platformUserId };
                  return (
                    <li key={accountKey(account)}>
                      <label>
                        <input type="checkbox" checked={chosen.some((one) => accountKey(one) === accountKey(account))} onChange={(event) => toggle(account, event.target.checked)} />
                        <PlatformChip platform={connection.platform} />
                        <span className="feeds-account-name">{connection.username ?? connection.displayName}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </fieldset>
        <div>
          <button type="submit" className="button primary" disabled={url.trim() === '' || (mode === 'queue' && chosen.length === 0) || add.isPending}>
            {add.isPending ? t('feeds.adding') : t('feeds.submit')}
          </button>
        </div>
        {add.isError && <ErrorBox>{reasonOf(add.error)}</ErrorBox>}
      </form>
    </section>
  );
}

function FeedRow({ feed, canManage }: { feed: Feed; canManage: boolean }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const fetchFeed = useFetchFeed();
  const update = useUpdateFeed();
  const remove = useRemoveFeed();
  const [confirming, setConfirming] = useState(false);
  const connections = useFeedAccounts().data?.connections ?? [];
  const title = feed.title ?? feed.url;
  const status = feed.paused ? 'paused' : feed.lastFetch?.outcome === 'failed' ? 'failing' : 'active';
  // Each account by its name on its network (its id only when it is no longer connected).
  const accounts = feed.accounts
    .map((account) => {
      const connection = connections.find((one) => one.platform === account.platform && one.platformUserId === account.accountId);
      return `${platformNames[account.platform]} ${connection ? (connection.username ?? connection.displayName) : account.accountId}`;
    })
    .join(', ');
  const error = fetchFeed.error ?? update.error ?? remove.error;
  return (
    <li className="feeds-item">
      <div className="feeds-item-what">
        <strong>{title}</strong>
        {feed.title && <span className="feeds-url">{feed.url}</span>}
        <span>{feed.accounts.length ? t('feeds.forAccounts', { accounts }) : t('feeds.forNoAccounts')}</span>
        <span>{t(`feeds.becomes.${feed.mode}`)}</span>
        <span className="feeds-outcome" data-outcome={feed.lastFetch?.outcome ?? 'none'}>
          {feed.lastFetch ? t('feeds.lastFetch', { date: format(feed.lastFetch.at), message: feed.lastFetch.message }) : t('feeds.neverFetched')}
        </span>
        {feed.failures > 0 && <span>{t('feeds.failures', { count: feed.failures })}</span>}
        <span>{feed.paused ? t('feeds.pausedNote') : feed.nextFetchAt ? t('feeds.next', { date: format(feed.nextFetchAt) }) : ''}</span>
      </div>
      <span className="feeds-status" data-status={status}>
        {t(`feeds.status.${status}`)}
      </span>
      {canManage && (
        <div className="feeds-item-actions">
          <button type="button" className="button secondary" disabled={fetchFeed.isPending || feed.paused} onClick={() => fetchFeed.mutate(feed.feedId)}>
            {fetchFeed.isPending ? t('feeds.fetching') : t('feeds.fetchNow')}
          </button>
          <button type="button" className="button ghost" disabled={update.isPending} onClick={() => update.mutate({ feedId: feed.feedId, paused: !feed.paused })}>
            {feed.paused ? t('feeds.resume') : t('feeds.pause')}
          </button>
          <button type="button" className="button ghost" onClick={() => setConfirming(true)}>
            {t('feeds.remove')}
          </button>
        </div>
      )}
      {error && <ErrorBox>{reasonOf(error)}</ErrorBox>}
      <ConfirmDialog
        open={confirming}
        title={t('feeds.removeTitle', { title })}
        body={t('feeds.removeBody')}
        confirmLabel={t('feeds.remove')}
        cancelLabel={t('feeds.cancel')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(feed.feedId, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

/** The workspace's feeds: follow one (its new items become drafts), see each fetch's outcome in words, fetch now, pause, remove. */
export function FeedsPage() {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const feeds = useFeeds();
  const canManage = workspace.data ? roleMay(workspace.data.role, 'publish') : false;
  const titleId = useId();
  return (
    <div className="feeds-page">
      <PageTitle>{t('feeds.title')}</PageTitle>
      <p className="feeds-hint">{t('feeds.intro')}</p>
      {workspace.data && !canManage && <NoticeBox>{t('feeds.notAllowed')}</NoticeBox>}
      {canManage && <AddFeedForm />}
      <section className="card" aria-labelledby={titleId}>
        <h2 id={titleId}>{t('feeds.list')}</h2>
        {feeds.isPending && <Spinner label={t('common.loading')} />}
        {feeds.isError && <ErrorBox>{reasonOf(feeds.error)}</ErrorBox>}
        {feeds.data && feeds.data.feeds.length === 0 && <p className="feeds-hint">{t('feeds.none')}</p>}
        {feeds.data && feeds.data.feeds.length > 0 && (
          <ul className="feeds-list" aria-labelledby={titleId}>
            {feeds.data.feeds.map((feed) => (
              <FeedRow key={feed.feedId} feed={feed} canManage={canManage} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
