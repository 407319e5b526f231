import type { ModuleDeps } from '../module';
import { GOOGLE_BUSINESS_SUMMARY_MAX } from '../../../shared/platforms/googleBusiness';
import { googleBusinessOptionsSchema, type GoogleBusinessOptions } from '../../../shared/platforms/googleBusinessOptions';
import { CannotTell } from '../createOnce';
import { Rejected } from '../errors';
import { withQuery } from '../http';
import type { PlatformPublisher, PublishProgress, PublishRequest, StepResult } from '../publisher';
import { alreadyPublished, progressText, publishedResult } from '../steps';
import { localPostsPath, locationOf, type GoogleBusinessApi } from './api';
import { NAME } from './errors';

/**
 * Local posts (My Business API v4, accounts.locations.localPosts; docs/platforms/googleBusiness.md):
 *
 * - `start` checks the post (its text as the summary, at most one photo, the options) and has
 *   nothing to upload: Google fetches the photo itself from the address we give it;
 * - `publish` makes the post, once (createOnce): POST …/localPosts with the summary, the kind
 *   (topicType STANDARD, OFFER, EVENT), the event's title and schedule, the offer's coupon, redeem
 *   address and terms, the button, and the photo as `media[{mediaFormat: PHOTO, sourceUrl}]` (a
 *   short-lived presigned address). localPosts.create takes no idempotency key, so after a lost
 *   answer the look-up reads the location's posts (localPosts.list) for one with this summary
 *   and kind made since the call was armed (`sentAt`), before anything is sent again;
 * - a post Google answers PROCESSING is read (`checkStatus`, localPosts.get) until LIVE; one it
 *   REJECTED fails in words.
 *
 * progress: sentAt (with the intent); then localPost (its resource name), postUrl and state while
 * Google processes it; then platformPostId, postUrl.
 */

/** How many of the location's posts a look-up reads (localPosts.list takes at most 100 a page). */
const LOOK_UP_PAGES = 3;
/** Clock skew allowed between us and Google when a look-up compares times. */
const SKEW_MS = 5 * 60_000;
/** How long the engine waits before reading a post Google is still processing. */
const PROCESSING_WAIT_SECONDS = 30;

const topicTypes = { update: 'STANDARD', offer: 'OFFER', event: 'EVENT' } as const;

interface LocalPost {
  name?: string;
  summary?: string;
  topicType?: string;
  state?: string;
  createTime?: string;
  searchUrl?: string;
}

/** A civil `YYYY-MM-DDTHH:mm` as Google's Date and TimeOfDay. */
function civil(value: string) {
  const [date, time] = value.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return { date: { year, month, day }, time: { hours, minutes, seconds: 0, nanos: 0 } };
}

/** The LocalPost we create, from the text, the options and the photo's address. */
export function localPostBody(text: string, options: GoogleBusinessOptions, photoUrl: string | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = { summary: text, topicType: topicTypes[options.kind] };
  if (options.event) {
    const start = civil(options.event.start);
    const end = civil(options.event.end);
    body['event'] = { title: options.event.title, schedule: { startDate: start.date, startTime: start.time, endDate: end.date, endTime: end.time } };
  }
  if (options.offer) {
    body['offer'] = {
      ...(options.offer.couponCode ? { couponCode: options.offer.couponCode } : {}),
      ...(options.offer.redeemUrl ? { redeemOnlineUrl: options.offer.redeemUrl } : {}),
      ...(options.offer.terms ? { termsConditions: options.offer.terms } : {}),
    };
  }
  if (options.callToAction) body['callToAction'] = { actionType: options.callToAction.type, ...(options.callToAction.url ? { url: options.callToAction.url } : {}) };
  if (photoUrl) body['media'] = [{ mediaFormat: 'PHOTO', sourceUrl: photoUrl }];
  return body;
}

export function createGoogleBusinessPublisher({ clock }: ModuleDeps<Record<string, never>>, api: GoogleBusinessApi, host: string): PlatformPublisher {
  function optionsOf(request: Pick<PublishRequest, 'options'>): GoogleBusinessOptions {
    const parsed = googleBusinessOptionsSchema.safeParse(request.options ?? {});
    if (!parsed.success) throw new Rejected(parsed.error.issues[0]?.message ?? `The ${NAME} options are not valid.`);
    return parsed.data;
  }

  function problems(request: PublishRequest): string[] {
    const found: string[] = [];
    const length = [...request.text].length;
    if (length > GOOGLE_BUSINESS_SUMMARY_MAX) found.push(`A ${NAME} post takes at most ${GOOGLE_BUSINESS_SUMMARY_MAX} characters; this one has ${length}.`);
    if (request.media.length > 1) found.push(`A ${NAME} post takes one photo.`);
    for (const item of request.media) {
      if (item.kind !== 'image') found.push(`${NAME} posts take a photo, not a ${item.kind === 'video' ? 'video' : 'document'}.`);
      else if (!['image/jpeg', 'image/png'].includes(item.contentType)) found.push(`${NAME} takes JPEG or PNG photos.`);
    }
    return found;
  }

  /** The post's address people open: Google's searchUrl, else its resource name on Google's site. */
  function addressOf(post: LocalPost): string {
    return typeof post.searchUrl === 'string' && /^https?:\/\//.test(post.searchUrl) ? post.searchUrl : `https://business.google.com/posts/${post.name}`;
  }

  /** What a post in a state Google reports becomes: published when LIVE, a wait while PROCESSING, refused when REJECTED. */
  function outcome(progress: PublishProgress, post: LocalPost): StepResult {
    const url = addressOf(post);
    if (post.state === 'REJECTED') throw new Rejected(`${NAME} rejected the post: it does not meet Google's content policies for posts. Change it and publish again.`);
    if (post.state === 'PROCESSING') return { state: 'processing', progress: { ...progress, localPost: post.name!, postUrl: url }, waitSeconds: PROCESSING_WAIT_SECONDS };
    return publishedResult(progress, post.name!, url);
  }

  function created(response: { body: unknown }): LocalPost {
    const post = (response.body ?? {}) as LocalPost;
    if (typeof post.name !== 'string' || !post.name.includes('/localPosts/')) throw new CannotTell('its answer named no post');
    return post;
  }

  /** After a lost answer: the location's post with this summary and kind made since the call was armed, if any. */
  async function postedPost(request: PublishRequest, topicType: string, sentAt: number): Promise<LocalPost | undefined> {
    let pageToken: string | undefined;
    for (let page = 0; page < LOOK_UP_PAGES; page++) {
      const response = await api.call(request.tokens, { method: 'GET', url: withQuery(`${host}${localPostsPath(locationOf(request.tokens))}`, { pageSize: '100', pageToken }) });
      const body = response.body;
      // Google leaves an empty list out of its answer ({}); an answer with anything else but no list is not one we can read.
      if (!body || typeof body !== 'object' || Object.keys(body).some((key) => key !== 'localPosts' && key !== 'nextPageToken')) throw new CannotTell('its answer listed no posts');
      const list = (body as { localPosts?: unknown }).localPosts;
      if (list !== undefined && !Array.isArray(list)) throw new CannotTell('its answer listed no posts');
      const match = ((list ?? []) as LocalPost[]).find(
        (post) => typeof post.name === 'string' && post.summary === request.text && post.topicType === topicType && post.createTime !== undefined && Date.parse(post.createTime) >= sentAt - SKEW_MS,
      );
      if (match) return match;
      const next = (body as { nextPageToken?: unknown }).nextPageToken;
      if (typeof next !== 'string' || next === '') return undefined;
      pageToken = next;
    }
    throw new CannotTell(`the location has more than ${LOOK_UP_PAGES * 100} posts to look through`);
  }

  /** A post Google is processing: localPosts.get until LIVE (or REJECTED); before the post, nothing to wait for. */
  async function checkStatus(request: PublishRequest): Promise<StepResult> {
    const name = progressText(request.progress, 'localPost');
    if (!name) return { state: 'ready', progress: request.progress };
    const response = await api.call(request.tokens, { method: 'GET', url: `${host}/v4/${name}` });
    const post = (response.body ?? {}) as LocalPost;
    return outcome(request.progress, { ...post, name });
  }

  return {
    platform: 'googleBusiness',

    async start(request) {
      optionsOf(request);
      locationOf(request.tokens);
      const found = problems(request);
      if (found.length) throw new Rejected(found.join(' '));
      return { state: 'ready', progress: request.progress };
    },

    checkStatus,

    async publish(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      if (progressText(request.progress, 'localPost')) return checkStatus(request);
      const options = optionsOf(request);
      const photo = request.media[0];
      const body = localPostBody(request.text, options, photo ? await photo.publicUrl() : undefined);
      // Kept with the intent: a look-up after a lost answer looks only at posts made since.
      const sentAt = Number(request.progress['sentAt']) || clock.now().getTime();
      const progress: PublishProgress = { ...request.progress, sentAt };
      const url = `${host}${localPostsPath(locationOf(request.tokens))}`;
      const post = await request.createOnce({
        what: 'the post',
        progress,
        send: async () => created(await api.call(request.tokens, { method: 'POST', url, json: body })),
        reconcile: () => postedPost(request, String(body['topicType']), sentAt),
      });
      return outcome(progress, post);
    },
  };
}
