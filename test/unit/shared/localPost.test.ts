import { describe, expect, it } from 'vitest';
import { localPostSchema, type LocalPostRule } from '../../../shared/platforms/localPost';
import { en } from '../../../shared/i18n/en';
import { tr } from '../../../shared/i18n/tr';

const rule: LocalPostRule = {
  actionTypes: ['BOOK', 'LEARN_MORE', 'CALL'],
  actionTypesWithoutUrl: ['CALL'],
  kindsWithButton: ['update', 'event'],
  titleMax: 58,
  couponCodeMax: 20,
  termsMax: 200,
};
const schema = localPostSchema(rule);
const messages = (options: unknown) => {
  const parsed = schema.safeParse(options);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};
const event = { title: 'Tasting night', start: '2026-12-04T18:00', end: '2026-12-04T22:30' };

describe('a local post (the generic localPost options)', () => {
  it('is an update by default, with no title or dates', () => {
    expect(schema.parse({})).toEqual({ kind: 'update' });
    expect(messages({ kind: 'update', event })).toEqual(['An update has no title or dates: choose an event or an offer for them.']);
  });

  it('takes an event with a title, a start and an end after it, and a button with its address', () => {
    const options = { kind: 'event', event, callToAction: { type: 'BOOK', url: 'https://example.com/book' } };
    expect(schema.parse(options)).toEqual(options);
    expect(messages({ kind: 'event' })).toEqual(['An event needs a title, a start and an end.']);
    expect(messages({ kind: 'event', event: { ...event, end: event.start } })).toEqual(['The end must come after the start.']);
    expect(messages({ kind: 'event', event: { ...event, end: '2026-12-04T17:59' } })).toEqual(['The end must come after the start.']);
  });

  it('refuses a date that is not a real one, or not a date and time, in words', () => {
    expect(messages({ kind: 'event', event: { ...event, start: '2026-04-31T10:00', end: '2026-05-01T10:00' } })).toEqual(['The start is not a real date.']);
    expect(messages({ kind: 'event', event: { ...event, end: 'tomorrow' } })).toEqual(['Give the end as a date and a time (YYYY-MM-DDTHH:mm).']);
    expect(messages({ kind: 'event', event: { ...event, title: ' ' } })).toEqual(['Give the title.']);
    expect(messages({ kind: 'event', event: { ...event, title: 'x'.repeat(59) } })).toEqual(['The title can be at most 58 characters.']);
  });

  it('takes an offer with its coupon, redeem address and terms, and no button', () => {
    const offer = { couponCode: 'WINTER10', redeemUrl: 'https://example.com/redeem', terms: 'One per customer.' };
    expect(schema.parse({ kind: 'offer', event, offer })).toEqual({ kind: 'offer', event, offer });
    expect(messages({ kind: 'offer', offer })).toEqual(['An offer needs a title, a start and an end.']);
    expect(messages({ kind: 'offer', event, callToAction: { type: 'BOOK', url: 'https://example.com' } })).toEqual(['An offer has no button: give the address to redeem it instead.']);
    expect(messages({ kind: 'event', event, offer })).toEqual(['A coupon code, a redeem address and terms belong to an offer only.']);
    expect(messages({ kind: 'offer', event, offer: { redeemUrl: 'ftp://example.com' } })).toEqual(['The address to redeem the offer must be a web address starting with https:// or http://.']);
  });

  it("asks a button's address, except of a call button, which takes none", () => {
    expect(messages({ callToAction: { type: 'LEARN_MORE' } })).toEqual(['Give the address the button opens.']);
    expect(messages({ callToAction: { type: 'CALL', url: 'https://example.com' } })).toEqual(['This button takes no address (it uses the phone number of the place).']);
    expect(schema.parse({ callToAction: { type: 'CALL' } })).toEqual({ kind: 'update', callToAction: { type: 'CALL' } });
    expect(messages({ callToAction: { type: 'DANCE', url: 'https://example.com' } })).toEqual(['Choose what the button does.']);
  });

  it('words every kind and every button type in English and Turkish', () => {
    for (const messagesOf of [en, tr]) {
      const texts = messagesOf.postOptions.localPost;
      expect(Object.keys(texts.kinds).sort()).toEqual(['event', 'offer', 'update']);
      for (const type of ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL']) expect(texts.actions[type as keyof typeof texts.actions]).toBeTruthy();
    }
  });
});
