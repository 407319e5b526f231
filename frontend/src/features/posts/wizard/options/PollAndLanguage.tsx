import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Connection } from '../../../../../../shared/api/connections';
import { iso639_1 } from '../../../../../../shared/languages';
import type { PollChoice, PostOptionsRule } from '../../../../../../shared/platforms/postOptionsRule';
import type { AccountOptions } from './types';
import { platformNames } from '../../../../../../shared/platforms';

/** The durations offered for a poll, in seconds; those outside the account's limits are left out. */
export const pollDurations = [300, 1800, 3600, 6 * 3600, 86_400, 3 * 86_400, 7 * 86_400] as const;

/** The poll limits for one account: the network's rule, narrowed by its server's own (`AccountLimits`). */
export function pollLimitsFor(rule: NonNullable<PostOptionsRule['poll']>, limits: Connection['limits']) {
  return {
    maxOptions: Math.min(rule.maxOptions, limits?.pollMaxOptions ?? rule.maxOptions),
    maxCharactersPerOption: Math.min(rule.maxCharactersPerOption, limits?.pollMaxCharactersPerOption ?? rule.maxCharactersPerOption),
    minSeconds: Math.max(rule.minSeconds, limits?.pollMinSeconds ?? rule.minSeconds),
    maxSeconds: Math.min(rule.maxSeconds, limits?.pollMaxSeconds ?? rule.maxSeconds),
  };
}

/** Why a poll cannot go as it is, as a text key and its values; undefined when it can. */
export function pollProblem(poll: PollChoice, limits: ReturnType<typeof pollLimitsFor>): { key: 'optionEmpty' | 'optionTooLong'; values?: Record<string, number> } | undefined {
  if (poll.options.some((option) => !option.trim())) return { key: 'optionEmpty' };
  if (poll.options.some((option) => [...option.trim()].length > limits.maxCharactersPerOption)) return { key: 'optionTooLong', values: { max: limits.maxCharactersPerOption } };
  return undefined;
}

/**
 * The post's language (a picker of ISO 639-1 languages, named in the user's language; none: the
 * network guesses) and a poll (2 options up to the account's server's most, a duration within its
 * limits, one or several answers), where the network's rule names them (`language`, `poll`).
 * A poll that cannot go (an empty or too long answer) blocks publishing, in words; with a poll the
 * network gets none of the post's files (`withoutMedia`), said beside it.
 */
export function PollAndLanguage({
  rule,
  account,
  value,
  onChange,
  hasMedia,
  onBlocker,
}: {
  rule: PostOptionsRule;
  account: Connection;
  value: AccountOptions | undefined;
  onChange(value: AccountOptions): void;
  hasMedia: boolean;
  onBlocker(message: string | undefined): void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const uiLanguage = i18n.resolvedLanguage ?? 'en';
  const languages = useMemo(() => {
    const names = new Intl.DisplayNames([uiLanguage], { type: 'language', fallback: 'code' });
    return iso639_1.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, uiLanguage));
  }, [uiLanguage]);
  const set = (field: string, next: unknown) => {
    const options = { ...value };
    if (next === undefined) delete options[field];
    else options[field] = next;
    onChange(options);
  };
  const pollRule = rule.poll;
  const limits = pollRule ? pollLimitsFor(pollRule, account.limits) : undefined;
  const poll = pollRule ? (value?.[pollRule.field] as PollChoice | undefined) : undefined;
  const problem = poll && limits ? pollProblem(poll, limits) : undefined;
  const blocker = problem ? t(`postOptions.poll.${problem.key}`, problem.values) : undefined;
  useEffect(() => onBlocker(blocker), [onBlocker, blocker]);
  const durations = limits ? pollDurations.filter((seconds) => seconds >= limits.minSeconds && seconds <= limits.maxSeconds) : [];
  const duration = (seconds: number) =>
    seconds < 3600 ? t('postOptions.poll.minutes', { count: seconds / 60 }) : seconds < 86_400 ? t('postOptions.poll.hours', { count: seconds / 3600 }) : t('postOptions.poll.days', { count: seconds / 86_400 });
  const language = rule.language && typeof value?.[rule.language.field] === 'string' ? (value[rule.language.field] as string) : '';

  return (
    <>
      {rule.language && (
        <div className="field">
          <label htmlFor={`${id}-language`}>{t('postOptions.language.label')}</label>
          <select id={`${id}-language`} className="select" value={language} aria-describedby={`${id}-language-hint`} onChange={(event) => set(rule.language!.field, event.target.value || undefined)}>
            <option value="">{t('postOptions.language.none')}</option>
            {languages.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          <p id={`${id}-language-hint`} className="hint">
            {t('postOptions.language.hint')}
          </p>
        </div>
      )}
      {pollRule && limits && (
        <fieldset className="post-options-group post-options-poll">
          <legend>{t('postOptions.poll.legend')}</legend>
          {!poll ? (
            <>
              <p className="hint">{t('postOptions.poll.hint', { max: limits.maxOptions })}</p>
              <button type="button" className="button secondary small" onClick={() => set(pollRule.field, { options: ['', ''], expiresInSeconds: durations.includes(86_400) ? 86_400 : (durations[0] ?? limits.minSeconds), multiple: false })}>
                {t('postOptions.poll.add')}
              </button>
            </>
          ) : (
            <>
              {poll.options.map((option, index) => (
                <div key={index} className="post-options-poll-option">
                  <label htmlFor={`${id}-option-${index}`}>{t('postOptions.poll.option', { number: index + 1 })}</label>
                  <input
                    id={`${id}-option-${index}`}
                    value={option}
                    maxLength={limits.maxCharactersPerOption}
                    onChange={(event) => set(pollRule.field, { ...poll, options: poll.options.map((old, at) => (at === index ? event.target.value : old)) })}
                  />
                  {poll.options.length > 2 && (
                    <button type="button" className="button ghost small" aria-label={t('postOptions.poll.removeOption', { number: index + 1 })} onClick={() => set(pollRule.field, { ...poll, options: poll.options.filter((_, at) => at !== index) })}>
                      ×
                    </button>
                  )}
                </div>
              ))}
              {poll.options.length < limits.maxOptions && (
                <button type="button" className="button ghost small" onClick={() => set(pollRule.field, { ...poll, options: [...poll.options, ''] })}>
                  {t('postOptions.poll.addOption', { max: limits.maxOptions })}
                </button>
              )}
              <label htmlFor={`${id}-duration`}>{t('postOptions.poll.duration')}</label>
              <select id={`${id}-duration`} className="select" value={poll.expiresInSeconds} onChange={(event) => set(pollRule.field, { ...poll, expiresInSeconds: Number(event.target.value) })}>
                {durations.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {duration(seconds)}
                  </option>
                ))}
              </select>
              {hasMedia && <p className="hint">{t('postOptions.poll.replacesFiles', { platform: platformNames[account.platform] })}</p>}
              <label className="post-options-check">
                <input type="checkbox" checked={poll.multiple} onChange={(event) => set(pollRule.field, { ...poll, multiple: event.target.checked })} /> {t('postOptions.poll.multiple')}
              </label>
              {blocker && (
                <p className="field-error" role="alert">
                  {blocker}
                </p>
              )}
              <button type="button" className="button ghost small" onClick={() => set(pollRule.field, undefined)}>
                {t('postOptions.poll.remove')}
              </button>
            </>
          )}
        </fieldset>
      )}
    </>
  );
}
