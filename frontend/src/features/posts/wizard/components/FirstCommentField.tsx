import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { capabilities, firstCommentRule, platformNames, platforms, type Platform } from '../../../../../../shared/platforms';
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
    const rule = firstCommentRule(capabilities[platform]);
    const count = rule.ready && !rule.ready() ? undefined : rule.count(comment);
    return { platform, count, max: rule.max, unit: rule.unit, over: count !== undefined && count > rule.max };
  });
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
export function FirstCommentField({ comment, chosen, onChange }: { comment: string; chosen: readonly Platform[]; onChange: (comment: string) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const language = i18n.resolvedLanguage ?? 'en';
  const takers = commentTakers(chosen);
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
        aria-describedby={`${id}-hint ${id}-counts`}
        aria-invalid={noTaker || over || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {noTaker ? (
        <p id={`${id}-hint`} className="field-error" role="alert">
          {t('composer.firstComment.noTaker', { platforms: platformList(platforms.filter((platform) => capabilities[platform].firstComment), language) })}
        </p>
      ) : (
        <p id={`${id}-hint`} className="hint">
          {t('composer.firstComment.hint', {
            platforms: platformList(takers, language),
            others: others.length ? t('composer.firstComment.others', { platforms: platformList(others, language) }) : '',
          }).trim()}
        </p>
      )}
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
