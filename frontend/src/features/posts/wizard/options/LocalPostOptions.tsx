import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { postOptionRules } from '../../../../../../shared/platforms/postOptions';
import { localPostKinds, type LocalPostKind } from '../../../../../../shared/platforms/localPost';
import type { OptionsEditorProps, AccountOptions } from './types';

type Part = Record<string, string>;

const part = (value: AccountOptions | undefined, key: string): Part => {
  const found = value?.[key];
  return found && typeof found === 'object' ? (found as Part) : {};
};

function webAddress(value: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Sets `key` of a part, dropping empty fields and an empty part. */
function withField(value: AccountOptions | undefined, partKey: string, key: string, text: string): AccountOptions {
  const next: Part = { ...part(value, partKey) };
  if (text) next[key] = text;
  else delete next[key];
  const options: AccountOptions = { ...value };
  if (Object.keys(next).length) options[partKey] = next;
  else delete options[partKey];
  return options;
}

/**
 * A post on a place's profile (the rule's `localPost`, shared/platforms/localPost.ts): its kind
 * (update, offer, event); an event's or offer's title, start and end (the place's local time, the
 * end after the start); an offer's coupon code, redeem address and terms; a call-to-action button
 * where the kind takes one, with the address it opens unless it is a call button. What is missing
 * or wrong blocks publishing, in words, and is said beside its field.
 */
export function LocalPostOptions({ account, value, onChange, onBlocker }: OptionsEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const rule = postOptionRules[account.platform]?.localPost;
  const kind: LocalPostKind = localPostKinds.includes(value?.['kind'] as LocalPostKind) ? (value!['kind'] as LocalPostKind) : 'update';
  const event = part(value, 'event');
  const offer = part(value, 'offer');
  const button = part(value, 'callToAction');
  const dated = kind !== 'update';
  const takesButton = Boolean(rule?.kindsWithButton.includes(kind));
  const buttonTakesUrl = Boolean(button['type']) && !rule?.actionTypesWithoutUrl.includes(button['type']!);

  const problems: Record<string, string | undefined> = {
    title: dated && !event['title']?.trim() ? t('postOptions.localPost.errors.title') : undefined,
    start: dated && !event['start'] ? t('postOptions.localPost.errors.start') : undefined,
    end: dated && !event['end'] ? t('postOptions.localPost.errors.end') : dated && event['start'] && event['end']! <= event['start'] ? t('postOptions.localPost.errors.endBeforeStart') : undefined,
    buttonUrl: takesButton && buttonTakesUrl ? (!button['url'] ? t('postOptions.localPost.errors.buttonUrl') : !webAddress(button['url']) ? t('postOptions.localPost.errors.address') : undefined) : undefined,
    redeemUrl: kind === 'offer' && offer['redeemUrl'] && !webAddress(offer['redeemUrl']) ? t('postOptions.localPost.errors.address') : undefined,
  };
  const blocker = Object.values(problems).find(Boolean);
  useEffect(() => onBlocker(blocker), [onBlocker, blocker]);
  if (!rule) return null;

  const setKind = (next: LocalPostKind) => {
    const options: AccountOptions = { ...value, kind: next };
    if (next === 'update') delete options['event'];
    if (next !== 'offer') delete options['offer'];
    if (!rule.kindsWithButton.includes(next)) delete options['callToAction'];
    onChange(options);
  };
  const setButtonType = (type: string) => {
    const options: AccountOptions = { ...value };
    if (!type) delete options['callToAction'];
    else options['callToAction'] = rule.actionTypesWithoutUrl.includes(type) ? { type } : { ...button, type };
    onChange(options);
  };

  const field = (name: string, label: string, input: (describedBy: string, invalid: boolean) => React.ReactNode, hint?: string) => {
    const problem = problems[name];
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {input(`${id}-${name}-hint`, Boolean(problem))}
        <p id={`${id}-${name}-hint`} className={problem ? 'field-error' : 'hint'}>
          {problem ?? hint ?? ''}
        </p>
      </div>
    );
  };

  return (
    <section className="post-options" aria-labelledby={`${id}-heading`} data-testid={`options-${account.platform}`}>
      <h4 id={`${id}-heading`} className="post-options-heading">
        {/* A place is known by its name (its username, where it has one, is its address). */}
        {t('postOptions.localPost.heading')} <span className="hint">{account.displayName}</span>
      </h4>
      <div className="post-options-fields">
        {field('kind', t('postOptions.localPost.kind'), (describedBy) => (
          <select id={`${id}-kind`} className="select" value={kind} aria-describedby={describedBy} onChange={(change) => setKind(change.target.value as LocalPostKind)}>
            {localPostKinds.map((choice) => (
              <option key={choice} value={choice}>
                {t(`postOptions.localPost.kinds.${choice}`)}
              </option>
            ))}
          </select>
        ), t(`postOptions.localPost.kindHints.${kind}`))}
      </div>
      {dated && (
        <fieldset className="post-options-group">
          <legend>{t(kind === 'offer' ? 'postOptions.localPost.offerDetails' : 'postOptions.localPost.eventDetails')}</legend>
          <div className="post-options-fields">
            {field('title', t('postOptions.localPost.title'), (describedBy, invalid) => (
              <input id={`${id}-title`} value={event['title'] ?? ''} maxLength={rule.titleMax} required aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(change) => onChange(withField(value, 'event', 'title', change.target.value))} />
            ))}
          </div>
          <div className="post-options-fields">
            {field('start', t('postOptions.localPost.start'), (describedBy, invalid) => (
              <input id={`${id}-start`} type="datetime-local" value={event['start'] ?? ''} required aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(change) => onChange(withField(value, 'event', 'start', change.target.value))} />
            ), t('postOptions.localPost.localTime'))}
            {field('end', t('postOptions.localPost.end'), (describedBy, invalid) => (
              <input id={`${id}-end`} type="datetime-local" value={event['end'] ?? ''} min={event['start']} required aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(change) => onChange(withField(value, 'event', 'end', change.target.value))} />
            ), t('postOptions.localPost.localTime'))}
          </div>
        </fieldset>
      )}
      {kind === 'offer' && (
        <fieldset className="post-options-group">
          <legend>{t('postOptions.localPost.redeeming')}</legend>
          <div className="post-options-fields">
            {field('couponCode', t('postOptions.localPost.couponCode'), (describedBy) => (
              <input id={`${id}-couponCode`} value={offer['couponCode'] ?? ''} maxLength={rule.couponCodeMax} aria-describedby={describedBy} onChange={(change) => onChange(withField(value, 'offer', 'couponCode', change.target.value))} />
            ), t('postOptions.localPost.optional'))}
            {field('redeemUrl', t('postOptions.localPost.redeemUrl'), (describedBy, invalid) => (
              <input id={`${id}-redeemUrl`} type="url" inputMode="url" value={offer['redeemUrl'] ?? ''} placeholder="https://" aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(change) => onChange(withField(value, 'offer', 'redeemUrl', change.target.value.trim()))} />
            ), t('postOptions.localPost.optional'))}
          </div>
          {field('terms', t('postOptions.localPost.terms'), (describedBy) => (
            <textarea id={`${id}-terms`} className="input" rows={2} value={offer['terms'] ?? ''} maxLength={rule.termsMax} aria-describedby={describedBy} onChange={(change) => onChange(withField(value, 'offer', 'terms', change.target.value))} />
          ), t('postOptions.localPost.optional'))}
        </fieldset>
      )}
      {takesButton && (
        <fieldset className="post-options-group">
          <legend>{t('postOptions.localPost.button')}</legend>
          <div className="post-options-fields">
            {field('buttonType', t('postOptions.localPost.buttonType'), (describedBy) => (
              <select id={`${id}-buttonType`} className="select" value={button['type'] ?? ''} aria-describedby={describedBy} onChange={(change) => setButtonType(change.target.value)}>
                <option value="">{t('postOptions.localPost.noButton')}</option>
                {rule.actionTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`postOptions.localPost.actions.${type}` as never)}
                  </option>
                ))}
              </select>
            ), button['type'] && !buttonTakesUrl ? t('postOptions.localPost.callHint') : undefined)}
            {buttonTakesUrl &&
              field('buttonUrl', t('postOptions.localPost.buttonUrl'), (describedBy, invalid) => (
                <input id={`${id}-buttonUrl`} type="url" inputMode="url" value={button['url'] ?? ''} placeholder="https://" required aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(change) => onChange({ ...value, callToAction: { ...button, url: change.target.value.trim() } })} />
              ))}
          </div>
        </fieldset>
      )}
    </section>
  );
}
