import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { capabilities, platformNames, platforms, type Platform } from '../../../../../../shared/platforms';
import { firstCommentRule, firstCommentScopeMissing } from '../../../../../../shared/platforms/comments';
import { postOptionRules } from '../../../../../../shared/platforms/postOptions';
import type { Connection } from '../../../../../../shared/api/connections';
import { platformList } from '../../../../components/ui/platformList';
import '../composer.css';

/** The chosen networks whose publisher posts a first comment (`capabilities[p].firstComment`). */
export const commentTakers = (chosen: readonly Platform[]) => chosen.filter((platform) => capabilities[platform].firstComment);

/**
 * The comment counted on each network that takes it, in that network's unit (a reply on X is a
 * post of its own: twitter-text). `count` is undefined while a network's counting code loads.
 */
export function firstCommentCounts(comment: string, chosen: readonly Platform[]) {
  return commentTakers(chosen).map((platform) => {
    const rule = firstCommentRule(platform);
    const count = rule.ready && !rule.ready() ? undefined : rule.count(comment);
    return { platform, count, max: rule.max, unit: rule.unit, over: count !== undefined && count > rule.max };
  });
}

/** A chosen account whose network takes comments but that will not get this one, and why (a reason code `composer.firstComment.off.<reason>` words). */
export interface CommentWithheld {
  platform: Platform;
  account: string;
  reason: string;
}

/**
 * The chosen accounts that will not get the first comment although their network takes one: a
 * connection made without the comment permission (reconnect), or the post's choices for it
 * (YouTube: made for kids, private, scheduled by YouTube). From what the API gives the front end:
 * the connection's granted scopes and the choices made so far.
 */
export function commentsWithheld<Account extends Pick<Connection, 'platform' | 'displayName' | 'grantedScopes'>>(
  accounts: readonly Account[],
  choicesFor: (account: Account) => Record<string, unknown> | undefined,
  post: { nativeSchedule: boolean },
): CommentWithheld[] {
  return accounts.flatMap((account) => {
    const entry = capabilities[account.platform];
    if (!entry.firstComment) return [];
    if (firstCommentScopeMissing(account.platform, account.grantedScopes)) return [{ platform: account.platform, account: account.displayName, reason: 'reconnect' }];
    const off = postOptionRules[account.platform]?.commentsOff?.(choicesFor(account) ?? {}, post);
    return off ? [{ platform: account.platform, account: account.displayName, reason: off }] : [];
  });
}

/** The networks the comment goes to: those that take one, less those where every chosen account is withheld. */
export function commentReceivers(chosen: readonly Platform[], withheld: readonly CommentWithheld[], accounts: ReadonlyArray<Pick<Connection, 'platform'>>): Platform[] {
  return commentTakers(chosen).filter((platform) => {
    const chosenThere = accounts.filter((account) => account.platform === platform).length;
    return withheld.filter((entry) => entry.platform === platform).length < Math.max(chosenThere, 1);
  });
}

/** One line per withheld account: whose it is and why the comment will not go there. */
export function CommentWithheldNotes({ withheld, id }: { withheld: readonly CommentWithheld[]; id?: string }) {
  const { t } = useTranslation();
  if (!withheld.length) return null;
  return (
    <ul id={id} className="hint first-comment-withheld">
      {withheld.map((entry) => (
        <li key={`${entry.platform}-${entry.account}`}>
          {t('composer.firstComment.withheld', {
            platform: platformNames[entry.platform],
            account: entry.account,
            reason: t(`composer.firstComment.off.${entry.reason}` as never, { platform: platformNames[entry.platform] }),
          })}
        </li>
      ))}
    </ul>
  );
}

/** Why the comment cannot go as it is (too long somewhere, or no chosen network takes it); undefined when it can. */
export function firstCommentBlocked(comment: string, chosen: readonly Platform[]): boolean {
  if (!comment.trim()) return false;
  if (chosen.length > 0 && commentTakers(chosen).length === 0) return true;
  return firstCommentCounts(comment, chosen).some((entry) => entry.over);
}

/**
 * Step 3's first comment: shown when a chosen network takes one (or a comment was written, so it
 * is never dropped without a word), counted per network, with the networks that get it named.
 */
export function FirstCommentField({
  comment,
  chosen,
  withheld = [],
  accounts = [],
  onChange,
}: {
  comment: string;
  chosen: readonly Platform[];
  /** Chosen accounts that will not get it (commentsWithheld), named under the hint. */
  withheld?: readonly CommentWithheld[];
  /** The chosen accounts, to tell a network where every account is withheld. */
  accounts?: ReadonlyArray<Pick<Connection, 'platform'>>;
  onChange: (comment: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const language = i18n.resolvedLanguage ?? 'en';
  const takers = commentTakers(chosen);
  const receivers = commentReceivers(chosen, withheld, accounts);
  if (takers.length === 0 && !comment.trim()) return null;
  const others = chosen.filter((platform) => !capabilities[platform].firstComment);
  const counts = firstCommentCounts(comment, chosen);
  const noTaker = takers.length === 0;
  const over = counts.some((entry) => entry.over);
  return (
    <div className="field first-comment">
      <label htmlFor={`${id}-comment`}>{t('composer.firstComment.label')}</label>
      <textarea
        id={`${id}-comment`}
        rows={3}
        value={comment}
        aria-describedby={`${id}-hint${withheld.length ? ` ${id}-withheld` : ''} ${id}-counts`}
        aria-invalid={noTaker || over || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {noTaker ? (
        <p id={`${id}-hint`} className="field-error" role="alert">
          {t('composer.firstComment.noTaker', { platforms: platformList(platforms.filter((platform) => capabilities[platform].firstComment), language) })}
        </p>
      ) : (
        <p id={`${id}-hint`} className="hint">
          {receivers.length
            ? t('composer.firstComment.hint', {
                platforms: platformList(receivers, language),
                others: others.length ? t('composer.firstComment.others', { platforms: platformList(others, language) }) : '',
              }).trim()
            : t('composer.firstComment.noneGets')}
        </p>
      )}
      {!noTaker && <CommentWithheldNotes withheld={withheld} id={`${id}-withheld`} />}
      <p id={`${id}-counts`} className="hint wizard-counter" aria-live="polite">
        {comment.trim() &&
          counts.map((entry, index) => (
            <span key={entry.platform} className={entry.over ? 'over-limit' : undefined}>
              {index > 0 && ' · '}
              {entry.count === undefined
                ? t('wizard.description.counting', { platform: platformNames[entry.platform] })
                : t('wizard.description.platformCount', { platform: platformNames[entry.platform], count: entry.count, max: entry.max, unit: t(`wizard.description.units.${entry.unit}`) })}
              {entry.over && <strong> — {t('wizard.description.overLimit')}</strong>}
            </span>
          ))}
      </p>
    </div>
  );
}
