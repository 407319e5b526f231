import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, FileSpreadsheet, FileText, KeyRound, Link2, ListOrdered, Plug, Rss, Send, Settings2, UserRound, Webhook, XCircle } from 'lucide-react';
import { activityKinds, type ActivityEntry, type ActivityKind } from '../../../../shared/api/activity';
import { platformNames, type Platform } from '../../../../shared/platforms';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorBox, Spinner } from '../../components/ui/Form';
import { PageTitle } from '../../components/ui/PageTitle';
import { ApiError } from '../../lib/apiClient';
import { useActivity, useActivityMembers } from './api';
import './activity.css';

const reasonOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : String(error));

/** A mark per family of actions, so the eye finds publishing, members and links. */
function ActivityIcon({ kind }: { kind: ActivityKind }) {
  if (kind === 'post.published') return <Send size={16} />;
  if (kind === 'post.failed' || kind === 'post.rejected') return <XCircle size={16} />;
  if (kind === 'post.approved' || kind === 'review.approved') return <CheckCircle2 size={16} />;
  if (kind.startsWith('connection.')) return <Plug size={16} />;
  if (kind.startsWith('member.')) return <UserRound size={16} />;
  if (kind.startsWith('reviewLink.') || kind.startsWith('review.')) return <Link2 size={16} />;
  if (kind === 'workspace.ownershipTransferred' || kind.startsWith('apiKey.')) return <KeyRound size={16} />;
  if (kind.startsWith('workspace.')) return <Settings2 size={16} />;
  if (kind.startsWith('queue.')) return <ListOrdered size={16} />;
  if (kind.startsWith('feed.')) return <Rss size={16} />;
  if (kind.startsWith('webhook.')) return <Webhook size={16} />;
  if (kind === 'posts.imported') return <FileSpreadsheet size={16} />;
  return <FileText size={16} />;
}

function Entry({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(entry.at));
  const who = entry.actor.type === 'member' ? entry.actor.email : entry.actor.type === 'client' ? t('activity.client', { name: entry.actor.name }) : t('activity.system');
  const { target } = entry;
  const details = [
    target.platform && target.platform in platformNames ? t('activity.details.platform', { platform: platformNames[target.platform as Platform] }) : undefined,
    target.email ? t('activity.details.email', { email: target.email }) : undefined,
    target.role ? t('activity.details.role', { role: t(`workspaces.roles.${target.role}` as never) }) : undefined,
    target.count !== undefined ? t('activity.details.count', { count: target.count }) : undefined,
  ].filter(Boolean);
  return (
    <li className="activity-item">
      <span className="activity-icon" aria-hidden="true">
        <ActivityIcon kind={entry.kind} />
      </span>
      <p className="activity-what">
        <strong>{who}</strong> {t(`activity.kinds.${entry.kind}`)}
        {details.length > 0 && ` ${details.join(' ')}`}
        {target.excerpt && <span className="activity-excerpt"> — “{target.excerpt}”</span>}
      </p>
      <p className="activity-when">
        <time dateTime={entry.at}>{when}</time>
      </p>
    </li>
  );
}

/** Who did what and when in the current workspace, filterable by kind and by member. */
export function ActivityPage() {
  const { t } = useTranslation();
  const ids = { kind: useId(), member: useId(), list: useId() };
  const [kind, setKind] = useState<ActivityKind | ''>('');
  const [member, setMember] = useState('');
  const members = useActivityMembers();
  const activity = useActivity({ kind: kind || undefined, member: member || undefined });
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = kind !== '' || member !== '';
  return (
    <div className="activity-page">
      <PageTitle>{t('activity.title')}</PageTitle>
      <p className="activity-intro">{t('activity.intro')}</p>
      <div className="activity-filters">
        <div className="field">
          <label htmlFor={ids.kind}>{t('activity.kind')}</label>
          <select id={ids.kind} value={kind} onChange={(event) => setKind(event.target.value as ActivityKind | '')}>
            <option value="">{t('activity.allKinds')}</option>
            {activityKinds.map((value) => (
              <option key={value} value={value}>
                {t(`activity.kinds.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.member}>{t('activity.member')}</label>
          <select id={ids.member} value={member} onChange={(event) => setMember(event.target.value)}>
            <option value="">{t('activity.allMembers')}</option>
            {members.data?.members.map((candidate) => (
              <option key={candidate.userId} value={candidate.userId}>
                {candidate.email}
              </option>
            ))}
          </select>
        </div>
      </div>
      <section className="card" aria-labelledby={ids.list}>
        <h2 id={ids.list} className="visually-hidden">
          {t('activity.title')}
        </h2>
        {activity.isPending && <Spinner label={t('common.loading')} />}
        {activity.isError && <ErrorBox>{reasonOf(activity.error)}</ErrorBox>}
        {activity.isSuccess && entries.length === 0 && <EmptyState icon={FileText} title={filtered ? t('activity.emptyFiltered') : t('activity.empty')} />}
        {entries.length > 0 && (
          <ul className="activity-list">
            {entries.map((entry) => (
              <Entry key={entry.activityId} entry={entry} />
            ))}
          </ul>
        )}
      </section>
      {activity.hasNextPage && (
        <button type="button" className="button secondary activity-more" disabled={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
          {activity.isFetchingNextPage ? t('activity.loadingMore') : t('activity.more')}
        </button>
      )}
    </div>
  );
}
