import { CannotTell, checkYourAccount, OutcomeUnknown } from '../createOnce';
import { Rejected, Retryable } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { CommentRequest, MediaSource, PublishProgress, PublishRequest, StepResult } from '../publisher';
import type { PublisherFactory } from '../module';
import { alreadyPublished, isOk, listedIn, postMedia, progressText, publishedResult, readRange } from '../steps';
import { classifyYoutubeError } from './adapter';
import { firstCommentRule, firstCommentScopeMissing } from '../../../shared/platforms/comments';
import {
  youtubeCommentsOff,
  youtubeCommentsOffMessages,
  youtubeOptionsSchema,
  youtubeRuleMessages,
  type YoutubeCommentsOff,
  type YoutubeOptions,
} from '../../../shared/platforms/youtubeOptions';

/**
 * YouTube: one resumable upload (platform-apis.md §1). `videos.insert` creates the video when the
 * last byte arrives, so the final chunk's PUT is the create call (createOnce); `checkStatus` waits for processing and
 * `publish` reports the video.
 *
 * progress: sessionUri, uploadedBytes (confirmed by YouTube), videoId, then platformPostId, postUrl;
 * commentsOff when YouTube will take no comment on the video (made for kids, private, or private
 * until its scheduled time); commentId once the first comment is posted.
 *
 * The first comment is a top-level comment (commentThreads.insert, youtube.force-ssl), under
 * createOnce; a lost answer is reconciled from the video's latest comment threads, by this
 * channel and this text.
 */

/** 8 MiB: at least 5 MB and a multiple of 256 KiB, as every chunk but the last must be. */
export const YOUTUBE_CHUNK_BYTES = 32 * 256 * 1024;
const PROCESSING_WAIT_SECONDS = 30;
/** The first session and one replacement for a session that expired mid-upload. */
const MAX_SESSIONS_PER_START = 2;
const UNTITLED = 'Untitled Video';

const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
/** A comment's own link: the watch page with the comment highlighted (lc). */
const commentUrl = (videoId: string, commentId: string) => `${watchUrl(videoId)}&lc=${encodeURIComponent(commentId)}`;
/** How many of the video's latest comment threads a reconcile looks through. */
const RECENT_COMMENTS = 20;
const commentsOffReasons: readonly string[] = ['madeForKids', 'private', 'scheduled'] satisfies YoutubeCommentsOff[];

interface CommentThread {
  id?: string;
  snippet?: { topLevelComment?: { id?: string; snippet?: { authorChannelId?: { value?: string }; textOriginal?: string } } };
}

interface VideoResource {
  id?: string;
  status?: { uploadStatus?: string; failureReason?: string; rejectionReason?: string };
  processingDetails?: { processingStatus?: string; processingFailureReason?: string; processingProgress?: { timeLeftMs?: string | number } };
}

export const createYoutubePublisher: PublisherFactory = ({ hosts, http, clock }) => {
  const uploadEndpoint = `${hosts['googleapis']}/upload/youtube/v3/videos`;
  const fail = (response: PlatformResponse) => classifyYoutubeError(response, clock.now());
  const bearer = (request: PublishRequest) => ({ authorization: `Bearer ${request.tokens.accessToken}` });

  function theVideo(request: PublishRequest): MediaSource {
    const media = postMedia('youtube', request.media);
    if (media.kind !== 'video') throw new Rejected('YouTube publishes videos only: images cannot be posted to YouTube');
    return media.video;
  }

  /** The user's choices for YouTube (privacy, made for kids, tags, category); none is refused in words (the declaration is required). */
  function userChoices(request: PublishRequest): YoutubeOptions {
    if (!request.options) throw new Rejected(youtubeRuleMessages.madeForKids);
    const parsed = youtubeOptionsSchema.safeParse(request.options);
    if (!parsed.success) throw new Rejected(parsed.error.issues.map((issue) => issue.message).join(' '));
    return parsed.data;
  }

  /** Why YouTube will take no comment on this video (recorded with the upload's progress), if it will take none. */
  function commentsOffFor(request: PublishRequest): PublishProgress {
    const parsed = youtubeOptionsSchema.safeParse(request.options ?? {});
    const off = parsed.success ? youtubeCommentsOff(parsed.data, Boolean(request.publishAt)) : undefined;
    return off ? { commentsOff: off } : {};
  }

  function videoResource(request: PublishRequest) {
    const options = userChoices(request);
    if (request.publishAt && options.privacyStatus !== 'public') throw new Rejected(youtubeRuleMessages.nativeNeedsPublic);
    return {
      snippet: {
        title: request.title?.trim() || UNTITLED,
        description: request.text,
        ...(options.tags.length ? { tags: options.tags } : {}),
        categoryId: options.categoryId,
      },
      status: {
        // publishAt is only accepted on a private video; YouTube makes it public at that time.
        privacyStatus: request.publishAt ? 'private' : options.privacyStatus,
        ...(request.publishAt ? { publishAt: request.publishAt } : {}),
        selfDeclaredMadeForKids: options.madeForKids,
        embeddable: true,
      },
    };
  }

  async function openSession(request: PublishRequest, video: MediaSource): Promise<string> {
    const response = await http({
      method: 'POST',
      url: withQuery(uploadEndpoint, { uploadType: 'resumable', part: 'snippet,status' }),
      headers: {
        ...bearer(request),
        'content-type': 'application/json; charset=UTF-8',
        'x-upload-content-length': String(video.size),
        'x-upload-content-type': video.contentType.startsWith('video/') ? video.contentType : 'application/octet-stream',
      },
      json: videoResource(request),
    });
    if (!isOk(response)) throw fail(response);
    const sessionUri = response.headers.get('location');
    if (!sessionUri) throw new Retryable('YouTube opened no upload session (no Location header)');
    return sessionUri;
  }

  /** Where an upload session stands: the bytes YouTube has stored, the video when complete, or gone. */
  type SessionState = { kind: 'incomplete'; storedBytes: number } | { kind: 'complete'; videoId: string } | { kind: 'expired' };

  function sessionState(response: PlatformResponse): SessionState {
    if (response.status === 308) {
      // Range: bytes=0-N means N+1 bytes are stored; no Range means none are.
      const range = /bytes=0-(\d+)/.exec(response.headers.get('range') ?? '');
      return { kind: 'incomplete', storedBytes: range ? Number(range[1]) + 1 : 0 };
    }
    if (response.status === 404 || response.status === 410) return { kind: 'expired' };
    if (response.status === 200 || response.status === 201) {
      const videoId = (response.body as VideoResource | undefined)?.id;
      if (!videoId) throw new Rejected('No video ID received from YouTube');
      return { kind: 'complete', videoId };
    }
    throw fail(response);
  }

  /** `PUT <session> Content-Range: bytes *\/total` with no body: asks what the session has stored. */
  async function probe(request: PublishRequest, sessionUri: string, total: number): Promise<SessionState> {
    const response = await http({
      method: 'PUT',
      url: sessionUri,
      headers: { ...bearer(request), 'content-range': `bytes */${total}` },
      binary: new Uint8Array(0),
    });
    return sessionState(response);
  }

  async function putChunk(request: PublishRequest, sessionUri: string, video: MediaSource, offset: number): Promise<SessionState> {
    const last = Math.min(offset + YOUTUBE_CHUNK_BYTES, video.size) - 1;
    const response = await http({
      method: 'PUT',
      url: sessionUri,
      headers: { ...bearer(request), 'content-type': video.contentType, 'content-range': `bytes ${offset}-${last}/${video.size}` },
      binary: await readRange(video, offset, last),
    });
    return sessionState(response);
  }

  /** After a lost final chunk: the session says whether the video exists (complete) or not (incomplete). */
  async function sessionKnows(request: PublishRequest, sessionUri: string, video: MediaSource): Promise<SessionState | undefined> {
    const state = await probe(request, sessionUri, video.size);
    if (state.kind === 'complete') return state;
    if (state.kind === 'incomplete') return undefined;
    throw new CannotTell('the upload session expired');
  }

  function uploaded(progress: PublishProgress): StepResult {
    return { state: 'processing', progress, waitSeconds: PROCESSING_WAIT_SECONDS };
  }

  function statusUrl(videoId: string) {
    return withQuery(`${hosts['googleapis']}/youtube/v3/videos`, { part: 'status,processingDetails', id: videoId });
  }

  /** YouTube's refusals of a comment, in words where they are the video's (comments turned off). */
  function commentFailure(response: PlatformResponse): Error {
    const reason = (response.body as { error?: { errors?: Array<{ reason?: string }> } } | undefined)?.error?.errors?.[0]?.reason;
    if (reason === 'commentsDisabled') return new Rejected('the video has comments turned off on YouTube.');
    if (reason === 'commentTextTooLong') return new Rejected(`the comment is too long for YouTube (at most ${firstCommentRule('youtube').max} characters).`);
    return fail(response);
  }

  /** After a lost answer: the video's latest comment threads, by this channel and this text. */
  async function postedComment(request: CommentRequest): Promise<string | undefined> {
    const response = await http({
      method: 'GET',
      url: withQuery(`${hosts['googleapis']}/youtube/v3/commentThreads`, { part: 'snippet', videoId: request.post.platformPostId, order: 'time', maxResults: String(RECENT_COMMENTS) }),
      headers: { authorization: `Bearer ${request.tokens.accessToken}` },
    });
    if (response.status === 403) throw new CannotTell("YouTube did not let OneClick read the video's comments");
    if (!isOk(response)) throw fail(response);
    const threads = listedIn<CommentThread>(response, 'items', 'comments');
    const match = threads.find((thread) => {
      const comment = thread.snippet?.topLevelComment?.snippet;
      return comment?.authorChannelId?.value === request.account.platformUserId && comment.textOriginal === request.text;
    });
    return match?.snippet?.topLevelComment?.id ?? match?.id;
  }

  return {
    platform: 'youtube',

    async start(request) {
      const video = theVideo(request);
      let progress: PublishProgress = { ...request.progress, ...commentsOffFor(request) };
      if (progressText(progress, 'videoId')) return uploaded(progress);

      let sessionUri = progressText(progress, 'sessionUri');
      let state: SessionState = { kind: 'expired' };
      if (sessionUri && request.createArmed) {
        // The final chunk may have made the video: the session is asked through createOnce's
        // look-up, so an expired or failing one ends "cannot tell", never in a second upload.
        const session = sessionUri;
        state = await request.createOnce({
          what: 'the YouTube video',
          progress,
          send: () => probe(request, session, video.size),
          reconcile: () => sessionKnows(request, session, video),
        });
      } else if (sessionUri) state = await probe(request, sessionUri, video.size);
      let sessionsOpened = 0;
      for (;;) {
        if (state.kind === 'complete') {
          progress = { ...progress, uploadedBytes: video.size, videoId: state.videoId };
          return uploaded(progress);
        }
        if (state.kind === 'expired') {
          // A session lives about a week; an expired one (404/410) starts over with a new one,
          // once per step: a new session that expires at once is YouTube's trouble, not ours.
          if (sessionsOpened === MAX_SESSIONS_PER_START) throw new Retryable('YouTube let the new upload session expire at once');
          sessionUri = await openSession(request, video);
          sessionsOpened += 1;
          state = { kind: 'incomplete', storedBytes: 0 };
        }
        const offset = state.storedBytes;
        progress = { ...progress, sessionUri: sessionUri!, uploadedBytes: offset };
        await request.saveProgress?.(progress);
        if (offset >= video.size) {
          // Every byte is stored: the probe's answer carries the video.
          state = await probe(request, sessionUri!, video.size);
          if (state.kind === 'incomplete') throw new Retryable('YouTube has every byte but has not created the video yet');
          continue;
        }
        const session = sessionUri!;
        if (offset + YOUTUBE_CHUNK_BYTES >= video.size) {
          // The final chunk makes YouTube create the video: the create call, once.
          state = await request.createOnce({
            what: 'the YouTube video',
            progress,
            send: () => putChunk(request, session, video, offset),
            reconcile: () => sessionKnows(request, session, video),
          });
        } else {
          state = await putChunk(request, session, video, offset);
        }
        if (state.kind === 'incomplete' && state.storedBytes <= offset) {
          throw new Retryable(`YouTube stored none of the chunk at byte ${offset}`);
        }
      }
    },

    async checkStatus(request) {
      const videoId = progressText(request.progress, 'videoId');
      if (!videoId) throw new Rejected('The video has not been uploaded to YouTube yet');
      const response = await http({ method: 'GET', url: statusUrl(videoId), headers: bearer(request) });
      if (!isOk(response)) throw fail(response);
      const resource = (response.body as { items?: VideoResource[] } | undefined)?.items?.[0];
      if (!resource) throw new Rejected('YouTube no longer has the uploaded video (it was deleted)');
      const { uploadStatus, failureReason, rejectionReason } = resource.status ?? {};
      const processing = resource.processingDetails;
      if (uploadStatus === 'failed') throw new Rejected(`YouTube upload failed: ${failureReason ?? 'unknown reason'}`);
      if (uploadStatus === 'rejected') throw new Rejected(`YouTube rejected the video: ${rejectionReason ?? 'unknown reason'}`);
      if (uploadStatus === 'deleted') throw new Rejected('YouTube no longer has the uploaded video (it was deleted)');
      if (processing?.processingStatus === 'failed' || processing?.processingStatus === 'terminated') {
        throw new Rejected(`YouTube could not process the video: ${processing.processingFailureReason ?? processing.processingStatus}`);
      }
      if (uploadStatus === 'processed' || (uploadStatus === 'uploaded' && processing?.processingStatus === 'succeeded')) {
        return { state: 'ready', progress: { ...request.progress, platformPostId: videoId, postUrl: watchUrl(videoId) } };
      }
      const timeLeftSeconds = Number(processing?.processingProgress?.timeLeftMs) / 1000;
      const waitSeconds = Number.isFinite(timeLeftSeconds) && timeLeftSeconds > 0 ? Math.min(Math.max(Math.ceil(timeLeftSeconds), 10), 300) : PROCESSING_WAIT_SECONDS;
      return { state: 'processing', progress: request.progress, waitSeconds };
    },

    /** The upload created the video (public, or private until publishAt): nothing to call. */
    async publish(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      const videoId = progressText(request.progress, 'videoId');
      if (!videoId) throw new Rejected('The video has not been uploaded to YouTube yet');
      return publishedResult(request.progress, videoId, watchUrl(videoId));
    },

    /**
     * A top-level comment on the video (commentThreads.insert), once (createOnce). Not tried where
     * YouTube takes none (made for kids, private) or without youtube.force-ssl (a connection made
     * before OneClick asked for it): the comment ends in words, the video standing.
     */
    async firstComment(request) {
      const videoId = request.post.platformPostId;
      const recorded = progressText(request.progress, 'commentId');
      if (recorded) return { commentId: recorded, url: commentUrl(videoId, recorded), progress: request.progress };
      const off = progressText(request.progress, 'commentsOff');
      if (off && commentsOffReasons.includes(off)) throw new Rejected(youtubeCommentsOffMessages[off as YoutubeCommentsOff]);
      if (firstCommentScopeMissing('youtube', request.tokens.scopes)) {
        throw new Rejected('reconnect your YouTube account to allow comments (this connection was made before OneClick asked YouTube for permission to comment).');
      }
      const commentId = await request.createOnce({
        what: 'the first comment',
        progress: request.progress,
        send: async () => {
          const response = await http({
            method: 'POST',
            url: withQuery(`${hosts['googleapis']}/youtube/v3/commentThreads`, { part: 'snippet' }),
            headers: { authorization: `Bearer ${request.tokens.accessToken}` },
            json: { snippet: { channelId: request.account.platformUserId, videoId, topLevelComment: { snippet: { textOriginal: request.text } } } },
          });
          if (!isOk(response)) throw commentFailure(response);
          const thread = response.body as CommentThread | undefined;
          const id = thread?.snippet?.topLevelComment?.id ?? thread?.id;
          if (!id) throw new OutcomeUnknown(checkYourAccount('YouTube', 'the first comment', "it answered without the comment's id"));
          return id;
        },
        reconcile: () => postedComment(request),
      });
      return { commentId, url: commentUrl(videoId, commentId), progress: { ...request.progress, commentId } };
    },
  };
};
