import * as z from '../zod';

/**
 * A local post: what a network for a place of business (its listing on a map) shows on the
 * place's profile. It is one of three kinds — an update, an offer, an event — and may carry one
 * call-to-action button; an offer may carry a coupon code, an address to redeem it online and its
 * terms; an event and an offer have a title and a start and an end. Start and end are civil date
 * and times (`YYYY-MM-DDTHH:mm`), the place's own local time, as such networks take them. The
 * network's rule (`PostOptionsRule.localPost`) names its button types and its lengths; the names
 * here are the generic ones the wizard and the API use (kind, callToAction, offer, event).
 */
export const localPostKinds = ['update', 'offer', 'event'] as const;
export type LocalPostKind = (typeof localPostKinds)[number];

/** What a network takes in a local post (`PostOptionsRule.localPost`). */
export interface LocalPostRule {
  /** The button types it offers, its own names (e.g. BOOK, CALL); the wizard words each. */
  actionTypes: readonly string[];
  /** The button types that take no address (a call button uses the place's phone number). */
  actionTypesWithoutUrl: readonly string[];
  /** The kinds that may carry a button (an offer is redeemed through its own address instead). */
  kindsWithButton: readonly LocalPostKind[];
  /** The longest title of an event or offer, coupon code and terms, in characters. */
  titleMax: number;
  couponCodeMax: number;
  termsMax: number;
}

/** A civil date and time, minutes included (`2026-12-01T09:30`). */
const CIVIL_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

/** Whether a civil date-time names a real day (no 31 April). */
function realDay(value: string): boolean {
  if (!CIVIL_DATE_TIME.test(value)) return true; // the pattern's own message says what is wrong
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dateTime = (which: string) =>
  z
    .string({ message: `Give the ${which} as a date and a time.` })
    .regex(CIVIL_DATE_TIME, `Give the ${which} as a date and a time (YYYY-MM-DDTHH:mm).`)
    .refine(realDay, `The ${which} is not a real date.`);

const httpsUrl = (what: string) =>
  z
    .string({ message: `Give ${what} as a web address.` })
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, `${what[0]!.toUpperCase()}${what.slice(1)} must be a web address starting with https:// or http://.`);

/** The options of a local post under a network's rule, checked: the kind's required parts, a button's address, an end after its start. */
export function localPostSchema(rule: LocalPostRule) {
  return z
    .object({
      kind: z.enum(localPostKinds, { message: 'Choose what the post is: an update, an offer or an event.' }).default('update'),
      callToAction: z
        .object({
          type: z.enum(rule.actionTypes as [string, ...string[]], { message: 'Choose what the button does.' }),
          url: httpsUrl("the button's address").optional(),
        })
        .strict()
        .optional(),
      offer: z
        .object({
          couponCode: z.string().trim().min(1, 'A coupon code needs at least one character.').max(rule.couponCodeMax, `A coupon code can be at most ${rule.couponCodeMax} characters.`).optional(),
          redeemUrl: httpsUrl('the address to redeem the offer').optional(),
          terms: z.string().trim().min(1, 'Terms need at least one character.').max(rule.termsMax, `The terms can be at most ${rule.termsMax} characters.`).optional(),
        })
        .strict()
        .optional(),
      event: z
        .object({
          title: z.string({ message: 'Give the title.' }).trim().min(1, 'Give the title.').max(rule.titleMax, `The title can be at most ${rule.titleMax} characters.`),
          start: dateTime('start'),
          end: dateTime('end'),
        })
        .strict()
        .optional(),
    })
    .strict()
    .superRefine((options, context) => {
      const kindWord = options.kind === 'offer' ? 'An offer' : 'An event';
      if (options.kind !== 'update' && !options.event) context.addIssue({ code: 'custom', path: ['event'], message: `${kindWord} needs a title, a start and an end.` });
      if (options.kind === 'update' && options.event) context.addIssue({ code: 'custom', path: ['event'], message: 'An update has no title or dates: choose an event or an offer for them.' });
      if (options.kind !== 'offer' && options.offer) context.addIssue({ code: 'custom', path: ['offer'], message: 'A coupon code, a redeem address and terms belong to an offer only.' });
      if (options.event && options.event.end <= options.event.start) context.addIssue({ code: 'custom', path: ['event', 'end'], message: 'The end must come after the start.' });
      const button = options.callToAction;
      if (button) {
        if (!rule.kindsWithButton.includes(options.kind)) context.addIssue({ code: 'custom', path: ['callToAction'], message: 'An offer has no button: give the address to redeem it instead.' });
        const takesUrl = !rule.actionTypesWithoutUrl.includes(button.type);
        if (takesUrl && !button.url) context.addIssue({ code: 'custom', path: ['callToAction', 'url'], message: 'Give the address the button opens.' });
        if (!takesUrl && button.url) context.addIssue({ code: 'custom', path: ['callToAction', 'url'], message: 'This button takes no address (it uses the phone number of the place).' });
      }
    });
}

export type LocalPostOptions = z.infer<ReturnType<typeof localPostSchema>>;
