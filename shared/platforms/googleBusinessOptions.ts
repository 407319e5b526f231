import { localPostSchema, type LocalPostOptions, type LocalPostRule } from './localPost';
import type { PostOptionsRule } from './postOptionsRule';

/**
 * What a Google Business Profile post asks of the user (LocalPost, My Business API v4): its kind
 * (`topicType` STANDARD for an update, OFFER, EVENT), a call-to-action button (`callToAction`:
 * `actionType` BOOK, ORDER, SHOP, LEARN_MORE, SIGN_UP with its `url`, or CALL, which dials the
 * location's phone number and takes no URL; Google ignores a button on an offer, so we refuse it),
 * an offer's `couponCode`, `redeemOnlineUrl` and `termsConditions`, and an event's or offer's
 * `title` and `schedule` (dates and times of the location, with no time zone: the location's own).
 * Lengths: an event title of at most 58 characters (Google's post guidelines); coupon codes and
 * terms kept to what Google shows (58 and 5,000).
 */
export const googleBusinessLocalPost: LocalPostRule = {
  actionTypes: ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL'],
  actionTypesWithoutUrl: ['CALL'],
  kindsWithButton: ['update', 'event'],
  titleMax: 58,
  couponCodeMax: 58,
  termsMax: 5000,
};

export const googleBusinessOptionsSchema = localPostSchema(googleBusinessLocalPost);
export type GoogleBusinessOptions = LocalPostOptions;

export const googleBusinessPostOptions: PostOptionsRule<GoogleBusinessOptions> = {
  editor: 'localPost',
  schema: googleBusinessOptionsSchema,
  localPost: googleBusinessLocalPost,
};
