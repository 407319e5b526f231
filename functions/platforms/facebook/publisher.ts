import { CannotTell, checkYourAccount, OutcomeUnknown } from '../createOnce';
import { Rejected } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { PublisherFactory } from '../module';
import type { CommentRequest, PublishProgress, PublishRequest, StepResult } from '../publisher';
import { firstCommentScopeMissing } from '../../../shared/platforms/comments';
import { alreadyPublished, isOk, listedIn, postMedia, progressList, progressText, publishedResult } from '../steps';
import { classifyFacebookError } from './errors';
import type { FacebookOptions } from './options';

/**
 * A post on a Facebook Page, as the Page, with the Page's token (Pages API, "Posts" and
 * "Photos"; docs/platforms/facebook.md):
 *
 * - `start` uploads each photo unpublished (POST /{page-id}/photos, url + published=false; a
 *   photo people do not see until a post shows it), keeping each id as it comes so a resumed
 *   step never uploads one twice;
 * - `checkStatus` has nothing to wait for (photos need no processing): ready;
 * - `publish` makes the post people see, once (createOnce): POST /{page-id}/feed with the message
 *   and the photos in attached_media. After a lost answer, the look-up reads the Page's latest
 *   posts for one with this message made since the call was armed (`sentAt`).
 *
 * progress: photoIds (in the post's order), sentAt, then platformPostId, postUrl; commentId once
 * the first comment is posted. A photo upload whose answer was lost leaves an unpublished photo
 * nobody sees, and is uploaded again.
 *
 * The first comment is a comment on the post as the Page (POST /{post-id}/comments, with
 * pages_manage_engagement), once; a lost answer is looked up among the post's comments, by the
 * Page and with this text.
 */

/** Where people see a post when its permalink cannot be read: Facebook opens a post by its id. */
const SITE = 'https://www.facebook.com';
/** How many of the Page's latest posts a look-up reads. */
const RECENT_POSTS = 25;
/** Clock skew allowed between us and Facebook when a look-up compares times. */
const SKEW_MS = 5 * 60_000;

interface FeedItem {
  id?: string;
  message?: string;
  created_time?: string;
}

export const createFacebookPublisher: PublisherFactory<FacebookOptions> = ({ hosts, http, clock, options }) => {
  const graph = (path: string) => `${hosts['graph']}/${options.graphVersion}${path}`;
  const fail = (response: PlatformResponse) => classifyFacebookError(response, clock.now());
  const bearer = (request: Pick<PublishRequest, 'tokens'>) => ({ authorization: `Bearer ${request.tokens.accessToken}` });
  const pageId = (request: Pick<PublishRequest, 'account'>) => encodeURIComponent(request.account.platformUserId);

  /** The photos uploaded unpublished, one per image in the post's order, resuming after those already uploaded. */
  async function uploadPhotos(request: PublishRequest): Promise<PublishProgress> {
    const media = postMedia('facebook', request.media);
    if (media.kind !== 'image') throw new Rejected('Facebook Pages take photos from OneClick; videos are not published to Facebook yet.');
    const photoIds = [...progressList(request.progress, 'photoIds')];
    let progress: PublishProgress = { ...request.progress, photoIds: [...photoIds] };
    for (const image of media.images.slice(photoIds.length)) {
      const response = await http({
        method: 'POST',
        url: graph(`/${pageId(request)}/photos`),
        headers: bearer(request),
        form: { url: await image.publicUrl(), published: 'false' },
      });
      if (!isOk(response)) throw fail(response);
      const id = (response.body as { id?: string | number } | undefined)?.id;
      if (id === undefined || id === '') throw new Rejected('Facebook answered the photo upload without the photo\'s id.');
      photoIds.push(String(id));
      // Saved per photo: an interrupted step resumes with the next one.
      progress = { ...progress, photoIds: [...photoIds] };
      await request.saveProgress?.(progress);
    }
    return progress;
  }

  /** After a lost answer: the Page's post with this message made since the call was armed, if any. */
  async function postedPost(request: PublishRequest, sentAt: number): Promise<string | undefined> {
    const response = await http({
      method: 'GET',
      url: withQuery(graph(`/${pageId(request)}/feed`), { fields: 'id,message,created_time', limit: String(RECENT_POSTS) }),
      headers: bearer(request),
    });
    if (!isOk(response)) throw fail(response);
    const posts = listedIn<FeedItem>(response, 'data', 'posts');
    const match = posts.find(
      (post) => post.id && (post.message ?? '') === request.text && post.created_time !== undefined && Date.parse(post.created_time) >= sentAt - SKEW_MS,
    );
    return match?.id;
  }

  /** The post's permalink; after the post exists nothing may throw, so a failed read gives the post's address by id. */
  async function permalink(request: PublishRequest, postId: string): Promise<string> {
    const fallback = `${SITE}/${postId}`;
    try {
      const response = await http({ method: 'GET', url: withQuery(graph(`/${encodeURIComponent(postId)}`), { fields: 'permalink_url' }), headers: bearer(request) });
      const link = isOk(response) ? (response.body as { permalink_url?: string } | undefined)?.permalink_url : undefined;
      return link && /^https:\/\//.test(link) ? link : fallback;
    } catch {
      return fallback;
    }
  }

  /** After a lost comment answer: the post's comment by this Page with this text. */
  async function postedComment(request: CommentRequest): Promise<string | undefined> {
    const response = await http({
      method: 'GET',
      url: withQuery(graph(`/${encodeURIComponent(request.post.platformPostId)}/comments`), { fields: 'id,message,from', filter: 'stream', order: 'reverse_chronological', limit: '100' }),
      headers: bearer(request),
    });
    if (!isOk(response)) throw fail(response);
    const comments = listedIn<{ id?: string; message?: string; from?: { id?: string } }>(response, 'data', 'comments');
    return comments.find((comment) => comment.id && comment.from?.id === request.account.platformUserId && comment.message === request.text)?.id;
  }

  return {
    platform: 'facebook',

    async start(request): Promise<StepResult> {
      return { state: 'ready', progress: await uploadPhotos(request) };
    },

    async checkStatus(request): Promise<StepResult> {
      return { state: 'ready', progress: request.progress };
    },

    async publish(request): Promise<StepResult> {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      const photoIds = progressList(request.progress, 'photoIds');
      if (photoIds.length === 0 || photoIds.length !== request.media.length) throw new Rejected('The Facebook photos are not uploaded yet.');
      // Kept with the intent: a look-up after a lost answer looks only at posts made since.
      const sentAt = Number(request.progress['sentAt']) || clock.now().getTime();
      const progress: PublishProgress = { ...request.progress, sentAt };
      const postId = await request.createOnce({
        what: 'the Facebook post',
        progress,
        send: async () => {
          const attached = Object.fromEntries(photoIds.map((id, index) => [`attached_media[${index}]`, JSON.stringify({ media_fbid: id })]));
          const response = await http({ method: 'POST', url: graph(`/${pageId(request)}/feed`), headers: bearer(request), form: { message: request.text, ...attached } });
          if (!isOk(response)) throw fail(response);
          const id = (response.body as { id?: string } | undefined)?.id;
          if (!id) throw new CannotTell('Facebook answered the post without its id');
          return id;
        },
        reconcile: () => postedPost(request, sentAt),
      });
      return publishedResult(progress, postId, await permalink(request, postId));
    },

    /**
     * A comment on the post as the Page, once (createOnce). Not tried without
     * pages_manage_engagement (a connection that did not grant it): the comment ends in words,
     * the post standing. Its link is the post's.
     */
    async firstComment(request) {
      const recorded = progressText(request.progress, 'commentId');
      if (recorded) return { commentId: recorded, url: request.post.postUrl, progress: request.progress };
      if (firstCommentScopeMissing('facebook', request.tokens.scopes)) {
        throw new Rejected('reconnect your Facebook Page and allow OneClick to comment as it (this connection did not grant pages_manage_engagement).');
      }
      const commentId = await request.createOnce({
        what: 'the first comment',
        progress: request.progress,
        send: async () => {
          const response = await http({
            method: 'POST',
            url: graph(`/${encodeURIComponent(request.post.platformPostId)}/comments`),
            headers: bearer(request),
            form: { message: request.text },
          });
          if (!isOk(response)) throw fail(response);
          const id = (response.body as { id?: string } | undefined)?.id;
          if (!id) throw new OutcomeUnknown(checkYourAccount('Facebook', 'the first comment', "it answered without the comment's id"));
          return id;
        },
        reconcile: () => postedComment(request),
      });
      return { commentId, url: request.post.postUrl, progress: { ...request.progress, commentId } };
    },
  };
};
