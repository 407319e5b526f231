import { useEffect, useId, useState } from 'react';
import { PollAndLanguage } from './PollAndLanguage';
import { useTranslation } from 'react-i18next';
import { postOptionRules, topicProblem as topicRuleProblem } from '../../../../../../shared/platforms/postOptions';
import { platformNames } from '../../../../../../shared/platforms';
import type { OptionsEditorProps } from './types';
import { CollectionPicker, linkProblem } from './CollectionOptions';
import type { Platform } from '../../../../../../shared/platforms';

/** Whether the network's choice concerns this post's files (a video-only choice is not asked of photos). */
export function asksFor(platform: Platform, media: readonly { kind: string }[]): boolean {
  return !postOptionRules[platform]?.forVideoOnly || media.some((item) => item.kind === 'video');
}

/**
 * One choice among a network's values, for a network whose rule names it (`audience`: X's reply
 * settings, LinkedIn's visibility, how Facebook publishes a video — asked only where it concerns
 * the post's files). Its first value is the network's own default, shown chosen. Where the network
 * posts documents and the post carries one (a PDF on LinkedIn), it also asks for the document's
 * title, which the network requires: publishing waits for it. Where the rule also names a topic
 * (`topic`), a text field for it: a topic the network would refuse (too long, a forbidden
 * character) blocks publishing, in the network's words. A network with no choice to make but a
 * document's title (a LinkedIn Page) shows the title alone, under its heading. Where the rule names
 * a language or a poll, their fields follow (PollAndLanguage).
 */
export function AudienceOptions({ account, value, onChange, onBlocker, media }: OptionsEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const rule = postOptionRules[account.platform];
  const documentTitle = rule?.documentTitle && media.some((item) => item.kind === 'document') ? rule.documentTitle : undefined;
  const titleValue = documentTitle && typeof value?.[documentTitle.field] === 'string' ? (value[documentTitle.field] as string) : '';
  const topic = rule?.topic;
  const topicValue = topic && typeof value?.[topic.field] === 'string' ? (value[topic.field] as string) : '';
  // The texts are the network's own (postOptions.audience.<platform>), as its rule's values are.
  const text = (key: string, values?: Record<string, unknown>) => String(t(`postOptions.audience.${account.platform}.${key}` as never, values as never));
  const topicProblem = topic && topicRuleProblem(topic, topicValue) ? text('topicInvalid', { max: topic.max, forbidden: topic.forbidden.join(' ') }) : undefined;
  // The poll's own problem (PollAndLanguage) counts where the title and topic have none.
  const [pollBlocker, setPollBlocker] = useState<string>();
  const link = rule?.link;
  const linkValue = link && typeof value?.[link.field] === 'string' ? (value[link.field] as string) : '';
  const linkFault = link && linkValue ? linkProblem(linkValue, link.max) : undefined;
  const linkMessage = linkFault ? t(`postOptions.link.${linkFault}`, { max: link?.max }) : undefined;
  const blocker = documentTitle && !titleValue.trim() ? t('postOptions.document.titleNeeded', { platform: platformNames[account.platform] }) : (topicProblem ?? linkMessage ?? pollBlocker);
  useEffect(() => onBlocker(blocker), [onBlocker, blocker]);
  const audience = rule?.audience && asksFor(account.platform, media) ? rule.audience : undefined;
  const collection = rule?.collection;
  if (!audience && !documentTitle && !collection && !link) return null;
  const chosen = audience && typeof value?.[audience.field] === 'string' ? (value[audience.field] as string) : audience?.values[0];
  return (
    <section className="post-options" aria-labelledby={`${id}-heading`} data-testid={`options-${account.platform}`}>
      <h4 id={`${id}-heading`} className="post-options-heading">
        {text('heading')} <span className="hint">{account.username ?? account.displayName}</span>
      </h4>
      {audience && (
        <div className="field">
          <label htmlFor={`${id}-choice`}>{text('label')}</label>
          <select id={`${id}-choice`} className="select" value={chosen} aria-describedby={`${id}-hint`} onChange={(event) => onChange({ ...value, [audience.field]: event.target.value })}>
            {audience.values.map((choice) => (
              <option key={choice} value={choice}>
                {text(`values.${choice}`)}
              </option>
            ))}
          </select>
          <p id={`${id}-hint`} className="hint">
            {text('hint')}
          </p>
        </div>
      )}
      {collection ? <CollectionPicker account={account} field={collection.field} value={value} onChange={onChange} /> : null}
      {link ? (
        <div className="field">
          <label htmlFor={`${id}-link`}>{t('postOptions.link.label')}</label>
          <input
            id={`${id}-link`}
            className="input"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            value={linkValue}
            aria-describedby={`${id}-link-hint`}
            aria-invalid={linkMessage ? true : undefined}
            onChange={(event) => {
              const next = { ...value };
              if (event.target.value.trim()) next[link.field] = event.target.value.trim();
              else delete next[link.field];
              onChange(next);
            }}
          />
          <p id={`${id}-link-hint`} className={linkMessage ? 'field-error' : 'hint'} role={linkMessage ? 'alert' : undefined}>
            {linkMessage ?? t('postOptions.link.hint', { platform: platformNames[account.platform] })}
          </p>
        </div>
      ) : null}
      {documentTitle && (
        <div className="field">
          <label htmlFor={`${id}-document-title`}>{t('postOptions.document.title')}</label>
          <input
            id={`${id}-document-title`}
            className="input"
            value={titleValue}
            maxLength={documentTitle.max}
            required
            aria-describedby={`${id}-document-hint`}
            onChange={(event) => onChange({ ...value, [documentTitle.field]: event.target.value })}
          />
          <p id={`${id}-document-hint`} className="hint">
            {t('postOptions.document.hint', { platform: platformNames[account.platform] })}
          </p>
        </div>
      )}
      {topic ? (
        <div className="field">
          <label htmlFor={`${id}-topic`}>{text('topicLabel')}</label>
          <input
            id={`${id}-topic`}
            value={topicValue}
            aria-describedby={`${id}-topic-hint`}
            aria-invalid={topicProblem ? true : undefined}
            onChange={(event) => {
              const next = { ...value };
              if (event.target.value) next[topic.field] = event.target.value;
              else delete next[topic.field];
              onChange(next);
            }}
          />
          <p id={`${id}-topic-hint`} className={topicProblem ? 'field-error' : 'hint'} role={topicProblem ? 'alert' : undefined}>
            {topicProblem ?? text('topicHint', { max: topic.max })}
          </p>
        </div>
      ) : null}
      {rule && (rule.language || rule.poll) ? <PollAndLanguage rule={rule} account={account} value={value} onChange={onChange} hasMedia={media.length > 0} onBlocker={setPollBlocker} /> : null}
    </section>
  );
}
