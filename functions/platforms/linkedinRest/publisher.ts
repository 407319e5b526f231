import { CannotTell, checkYourAccount, OutcomeUnknown } from '../createOnce';
import { Rejected, Retryable, truncate } from '../errors';
import type { PlatformRequest, PlatformResponse } from '../http';
import type { CommentRequest, MediaSource, PublishProgress, PublishRequest, StepResult } from '../publisher';
import type { ModuleDeps } from '../module';
import type { PlatformPublisher } from '../publisher';
import type { Platform } from '../../../shared/platforms';
import type { LinkedinOptions } from './options';
import { alreadyPublished, isOk, listedIn, postDocument, postMedia, progressList, progressNumber, progressText, publishedResult, readRange } from '../steps';
import { classifyLinkedinError } from './errors';

/**
 * LinkedIn Posts API with the Images, Videos and Documents APIs (platform-apis.md §5;
 * docs/platforms/linkedin.md, docs/platforms/linkedinPage.md), for the author a platform names:
 * the member (`linkedin`) or an organization the member may post for (`linkedinPage`). `start` uploads (images whole; a video part by part to each
 * instruction's own URL, then finalize; a document whole), `checkStatus` waits for the video or
 * the document to be AVAILABLE, `publish` is POST /rest/posts.
 *
 * progress: imageUrns (images, as uploaded); videoUrn, uploadToken, partCount, partsRef (the part
 * URLs and ranges) and etagsRef (the ETags in part order, as confirmed) — both attachments outside
 * the post item — and finalized (video); documentUrn, documentUploadUrl, documentUploadExpiresAt
 * and documentUploaded (a document); then platformPostId, postUrl.
 */

const VIDEO_WAIT_SECONDS = 10;
/** A document is turned into pages by LinkedIn before it can be posted. */
const DOCUMENT_WAIT_SECONDS = 5;
/** How many of the author's latest posts a reconcile looks through. */
const RECENT_POSTS = 20;
/** A personal token cannot read an image's status, so images get a grace period instead. */
const IMAGE_GRACE_SECONDS = 5;
/** Where people see posts: the public site, whatever host the API calls go to. */
const SITE = 'https://www.linkedin.com';

const mentionMarkup = /(@\[.+?\]\(urn:li:organization:.+?\))/;

/** The "little text" format: reserved characters backslash-escaped, organization mentions kept. */
export function escapeLittleText(text: string): string {
  return text
    .split(mentionMarkup)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[\\<>#~_|[\]*(){}@]/g, (character) => `\\${character}`)))
    .join('');
}

/** A video's parts as initializeUpload gave them (kept in an attachment, not in the post item). */
interface VideoParts {
  urls: string[];
  /** "first-last" byte ranges, in part order. */
  ranges: string[];
}
const PARTS = 'linkedin-video-parts';
const ETAGS = 'linkedin-video-etags';

interface UploadInstruction {
  uploadUrl?: string;
  firstByte?: number;
  lastByte?: number;
}

/** Who a LinkedIn platform posts as, and what its posts' options say. */
export interface LinkedinAuthor {
  platform: Platform;
  /** The URN every upload, post and comment is made as (`urn:li:person:…`, `urn:li:organization:…`). */
  owner(account: PublishRequest['account']): string;
  /** The post's `visibility` and a document's title, from the target's options (the title's absence refused in words). */
  postChoices(options: Record<string, unknown> | undefined): { visibility: string; documentTitle?: string };
  /** The words a document post without its title is refused with. */
  documentTitleMissing: string;
  /** The permission LinkedIn asks of a look-up (the author's posts, a post's comments), named when it refuses one. */
  readPermission: string;
  /** The author's own reading of a refused call before the common one (an organization: a 403 as the organization). */
  fail?(response: PlatformResponse, now: Date): Error | undefined;
}

export function createLinkedinRestPublisher({ hosts, http, clock, options }: ModuleDeps<LinkedinOptions>, author: LinkedinAuthor): PlatformPublisher {
  const rest = (path: string) => `${hosts['api']}/rest${path}`;
  const owner = (request: Pick<PublishRequest, 'account'>) => author.owner(request.account);
  const postUrl = (urn: string) => `${SITE}/feed/update/${urn}`;

  function fail(response: PlatformResponse): Error {
    // Right after an upload LinkedIn can briefly refuse to see the media.
    if (/resource is forbidden|Unable to obtain activity/i.test(response.text)) return new Retryable(truncate(`LinkedIn is not ready yet: ${response.text}`));
    return author.fail?.(response, clock.now()) ?? classifyLinkedinError(response, clock.now());
  }

  /** A /rest call, with the version headers every one of them needs. */
  async function restCall(request: Pick<PublishRequest, 'tokens'>, call: Omit<PlatformRequest, 'headers'>): Promise<PlatformResponse> {
    const response = await http({
      ...call,
      headers: {
        authorization: `Bearer ${request.tokens.accessToken}`,
        'linkedin-version': options.version,
        'x-restli-protocol-version': '2.0.0',
      },
    });
    if (!isOk(response)) throw fail(response);
    return response;
  }

  async function uploadImages(request: PublishRequest, images: MediaSource[]): Promise<StepResult> {
    const imageUrns = [...progressList(request.progress, 'imageUrns')];
    for (const image of images.slice(imageUrns.length)) {
      const initialized = await restCall(request, {
        method: 'POST',
        url: rest('/images?action=initializeUpload'),
        json: { initializeUploadRequest: { owner: owner(request) } },
      });
      const { uploadUrl, image: urn } = (initialized.body as { value?: { uploadUrl?: string; image?: string } } | undefined)?.value ?? {};
      if (!uploadUrl || !urn) throw new Rejected('LinkedIn API error: initializeUpload returned no upload URL or image');
      // The whole image in one PUT: LinkedIn does not take an image in parts.
      const uploaded = await http({
        method: 'PUT',
        url: uploadUrl,
        headers: { authorization: `Bearer ${request.tokens.accessToken}`, 'content-type': image.contentType },
        binary: await readRange(image, 0, image.size - 1),
      });
      if (!isOk(uploaded)) throw fail(uploaded);
      imageUrns.push(urn);
      await request.saveProgress?.({ ...request.progress, imageUrns: [...imageUrns] });
    }
    return { state: 'processing', progress: { ...request.progress, imageUrns }, waitSeconds: IMAGE_GRACE_SECONDS };
  }

  /**
   * Initializes the upload. The part list (about 1,024 presigned URLs for a 4 GiB video) is kept
   * outside the post item (request.attachments; DynamoDB allows 400 KB per item), and so are the
   * ETags as they come: the progress holds only their references.
   */
  async function initializeVideo(request: PublishRequest, video: MediaSource): Promise<PublishProgress> {
    const response = await restCall(request, {
      method: 'POST',
      url: rest('/videos?action=initializeUpload'),
      json: { initializeUploadRequest: { owner: owner(request), fileSizeBytes: video.size, uploadCaptions: false, uploadThumbnail: false } },
    });
    const value = (response.body as { value?: { video?: string; uploadToken?: string; uploadUrlsExpireAt?: number; uploadInstructions?: UploadInstruction[] } } | undefined)?.value;
    const instructions = value?.uploadInstructions ?? [];
    // The parts must cover the file in order, each starting where the previous one ended.
    const valid = (instruction: UploadInstruction, index: number) =>
      Boolean(instruction.uploadUrl) &&
      instruction.firstByte === (index === 0 ? 0 : (instructions[index - 1]!.lastByte ?? NaN) + 1) &&
      Number.isInteger(instruction.lastByte) &&
      instruction.firstByte! <= instruction.lastByte! &&
      instruction.lastByte! === (index === instructions.length - 1 ? video.size - 1 : instruction.lastByte);
    if (!value?.video || instructions.length === 0 || !instructions.every(valid)) {
      throw new Rejected('LinkedIn API error: initializeUpload returned no video or unusable upload instructions');
    }
    const parts: VideoParts = {
      urls: instructions.map((instruction) => instruction.uploadUrl!),
      ranges: instructions.map((instruction) => `${instruction.firstByte}-${instruction.lastByte}`),
    };
    return {
      videoUrn: value.video,
      uploadToken: value.uploadToken ?? '',
      partCount: parts.urls.length,
      ...(Number.isFinite(value.uploadUrlsExpireAt) ? { uploadUrlsExpireAt: value.uploadUrlsExpireAt! } : {}),
      partsRef: await request.attachments.save(PARTS, parts),
      etagsRef: await request.attachments.save(ETAGS, []),
      finalized: false,
    };
  }

  async function loadParts(request: PublishRequest, progress: PublishProgress): Promise<{ parts: VideoParts; etags: string[] }> {
    const parts = (await request.attachments.load(progressText(progress, 'partsRef') ?? '')) as VideoParts;
    const etags = (await request.attachments.load(progressText(progress, 'etagsRef') ?? '')) as string[];
    if (!Array.isArray(parts?.urls) || parts.urls.length !== parts.ranges?.length || !Array.isArray(etags)) {
      throw new Rejected('The saved LinkedIn upload progress is unreadable: publish again to start the upload over.');
    }
    return { parts, etags };
  }

  async function uploadVideo(request: PublishRequest, video: MediaSource): Promise<StepResult> {
    let progress: PublishProgress = request.progress;
    // The part URLs expire (uploadUrlsExpireAt): an upload resumed after that starts over.
    const expireAt = progressNumber(progress, 'uploadUrlsExpireAt');
    const expired = progress['finalized'] !== true && expireAt !== undefined && expireAt <= clock.now().getTime();
    if (!progressText(progress, 'videoUrn') || expired) {
      progress = { ...progress, ...(await initializeVideo(request, video)) };
      await request.saveProgress?.(progress);
    }
    if (progress['finalized'] !== true) {
      const { parts, etags } = await loadParts(request, progress);
      // Resumes at the first part without a confirmed ETag.
      for (let part = etags.length; part < parts.urls.length; part += 1) {
        const [firstByte, lastByte] = (parts.ranges[part] ?? '').split('-').map(Number);
        const uploaded = await http({
          method: 'PUT',
          url: parts.urls[part]!,
          headers: { 'content-type': 'application/octet-stream' },
          binary: await readRange(video, firstByte!, lastByte!),
        });
        if (!isOk(uploaded)) throw fail(uploaded);
        const etag = uploaded.headers.get('etag');
        if (!etag) throw new Retryable(`LinkedIn returned no ETag for part ${part + 1} of the video`);
        etags.push(etag);
        // Saved per confirmed part: an interrupted upload resumes from the next one.
        await request.attachments.save(ETAGS, etags);
      }
      await restCall(request, {
        method: 'POST',
        url: rest('/videos?action=finalizeUpload'),
        json: { finalizeUploadRequest: { video: progressText(progress, 'videoUrn'), uploadToken: progressText(progress, 'uploadToken') ?? '', uploadedPartIds: etags } },
      });
      progress = { ...progress, finalized: true };
    }
    return { state: 'processing', progress, waitSeconds: VIDEO_WAIT_SECONDS };
  }

  /**
   * A document (Documents API): initializeUpload for the member, then one PUT of the whole file to
   * its upload URL, kept in the progress so a retried step resumes with the same document (a new
   * one only when the URL has expired).
   */
  async function uploadDocument(request: PublishRequest, document: MediaSource): Promise<StepResult> {
    let progress: PublishProgress = request.progress;
    const expireAt = progressNumber(progress, 'documentUploadExpiresAt');
    const expired = progress['documentUploaded'] !== true && expireAt !== undefined && expireAt <= clock.now().getTime();
    if (!progressText(progress, 'documentUrn') || expired) {
      const initialized = await restCall(request, {
        method: 'POST',
        url: rest('/documents?action=initializeUpload'),
        json: { initializeUploadRequest: { owner: owner(request) } },
      });
      const value = (initialized.body as { value?: { uploadUrl?: string; document?: string; uploadUrlExpiresAt?: number } } | undefined)?.value;
      if (!value?.uploadUrl || !value.document) throw new Rejected('LinkedIn API error: initializeUpload returned no upload URL or document');
      progress = {
        ...progress,
        documentUrn: value.document,
        documentUploadUrl: value.uploadUrl,
        ...(Number.isFinite(value.uploadUrlExpiresAt) ? { documentUploadExpiresAt: value.uploadUrlExpiresAt! } : {}),
        documentUploaded: false,
      };
      await request.saveProgress?.(progress);
    }
    if (progress['documentUploaded'] !== true) {
      const uploaded = await http({
        method: 'PUT',
        url: progressText(progress, 'documentUploadUrl')!,
        headers: { authorization: `Bearer ${request.tokens.accessToken}`, 'content-type': document.contentType },
        binary: await readRange(document, 0, document.size - 1),
      });
      // A refused PUT after an earlier one's answer was lost (a retried step): LinkedIn took the
      // file then and takes no second one, so its document's status says whether it has it.
      if (!isOk(uploaded) && (uploaded.status >= 500 || !(await documentReceived(request, progressText(progress, 'documentUrn')!)))) throw fail(uploaded);
      progress = { ...progress, documentUploaded: true };
    }
    return { state: 'processing', progress, waitSeconds: DOCUMENT_WAIT_SECONDS };
  }

  /** Whether LinkedIn has the document's bytes (it is processing them or done). */
  async function documentReceived(request: PublishRequest, documentUrn: string): Promise<boolean> {
    const response = await restCall(request, { method: 'GET', url: rest(`/documents/${encodeURIComponent(documentUrn)}`) });
    const { status } = (response.body ?? {}) as { status?: string };
    return status === 'PROCESSING' || status === 'AVAILABLE';
  }

  function content(request: PublishRequest) {
    const document = postDocument(author.platform, request.media);
    if (document) {
      const documentUrn = progressText(request.progress, 'documentUrn');
      if (!documentUrn || request.progress['documentUploaded'] !== true) throw new Rejected('The document has not been uploaded to LinkedIn yet');
      const { documentTitle } = author.postChoices(request.options);
      if (!documentTitle) throw new Rejected(author.documentTitleMissing);
      return { media: { id: documentUrn, title: documentTitle } };
    }
    const media = postMedia(author.platform, request.media);
    if (media.kind === 'video') {
      const videoUrn = progressText(request.progress, 'videoUrn');
      if (!videoUrn || request.progress['finalized'] !== true) throw new Rejected('The video has not been uploaded to LinkedIn yet');
      return { media: { id: videoUrn } };
    }
    const imageUrns = progressList(request.progress, 'imageUrns');
    if (imageUrns.length !== media.images.length) throw new Rejected('The images have not been uploaded to LinkedIn yet');
    return imageUrns.length === 1 ? { media: { id: imageUrns[0]! } } : { multiImage: { images: imageUrns.map((id) => ({ id })) } };
  }

  /**
   * After a lost answer: the author's latest posts (Posts API "find posts by author"), matched
   * by commentary and media. LinkedIn grants this read only with the author's read permission
   * (a member's r_member_social, restricted; an organization's r_organization_social); a refusal
   * means LinkedIn cannot tell us.
   */
  async function recentPost(request: PublishRequest, commentary: string): Promise<string | undefined> {
    const mediaId = progressText(request.progress, 'documentUrn') ?? progressText(request.progress, 'videoUrn') ?? progressList(request.progress, 'imageUrns')[0] ?? '';
    const response = await http({
      method: 'GET',
      url: `${rest('/posts')}?author=${encodeURIComponent(owner(request))}&q=author&count=${RECENT_POSTS}&sortBy=CREATED`,
      headers: {
        authorization: `Bearer ${request.tokens.accessToken}`,
        'linkedin-version': options.version,
        'x-restli-protocol-version': '2.0.0',
      },
    });
    // 403: this app may not read the author's posts, so LinkedIn cannot tell us.
    if (response.status === 403) throw new CannotTell(`LinkedIn does not let OneClick read the author's latest posts (that needs the ${author.readPermission} permission)`);
    if (!isOk(response)) throw fail(response);
    const posts = listedIn<{ id?: string; commentary?: string; content?: unknown }>(response, 'elements', 'posts');
    const match = posts.find((post) => post.id && post.commentary === commentary && JSON.stringify(post.content ?? {}).includes(mediaId));
    return match?.id;
  }

  const commentsOf = (postUrn: string) => rest(`/socialActions/${encodeURIComponent(postUrn)}/comments`);
  const commentUrl = (postUrn: string, commentUrn: string) => `${postUrl(postUrn)}?commentUrn=${encodeURIComponent(commentUrn)}`;

  /**
   * After a lost answer: the post's comments, by this author and this text. LinkedIn serves them
   * only with the author's read permission; a refusal means LinkedIn cannot tell us.
   */
  async function recentComment(request: CommentRequest): Promise<string | undefined> {
    const response = await http({
      method: 'GET',
      url: commentsOf(request.post.platformPostId),
      headers: { authorization: `Bearer ${request.tokens.accessToken}`, 'linkedin-version': options.version, 'x-restli-protocol-version': '2.0.0' },
    });
    if (response.status === 403) throw new CannotTell(`LinkedIn does not let OneClick read the post's comments (that needs the ${author.readPermission} permission)`);
    if (!isOk(response)) throw fail(response);
    const comments = listedIn<{ $URN?: string; actor?: string; message?: { text?: string } }>(response, 'elements', 'comments');
    return comments.find((comment) => comment.$URN && comment.actor === owner(request) && comment.message?.text === request.text)?.$URN;
  }

  return {
    platform: author.platform,

    async start(request) {
      const document = postDocument(author.platform, request.media);
      if (document) {
        // The title is asked before anything is uploaded: without it LinkedIn takes no document post.
        if (!author.postChoices(request.options).documentTitle) throw new Rejected(author.documentTitleMissing);
        return uploadDocument(request, document);
      }
      const media = postMedia(author.platform, request.media);
      return media.kind === 'video' ? uploadVideo(request, media.video) : uploadImages(request, media.images);
    },

    async checkStatus(request) {
      const documentUrn = progressText(request.progress, 'documentUrn');
      if (documentUrn) {
        const response = await restCall(request, { method: 'GET', url: rest(`/documents/${encodeURIComponent(documentUrn)}`) });
        const { status } = (response.body ?? {}) as { status?: string };
        if (status === 'AVAILABLE') return { state: 'ready', progress: request.progress };
        if (status === 'PROCESSING_FAILED') {
          throw new Rejected('LinkedIn could not process the document: check that it is a PDF LinkedIn can open, of at most 300 pages and 100 MB.');
        }
        return { state: 'processing', progress: request.progress, waitSeconds: DOCUMENT_WAIT_SECONDS };
      }
      const videoUrn = progressText(request.progress, 'videoUrn');
      // Images: the grace period after the upload was the wait.
      if (!videoUrn) return { state: 'ready', progress: request.progress };
      const response = await restCall(request, { method: 'GET', url: rest(`/videos/${encodeURIComponent(videoUrn)}`) });
      const { status, processingFailureReason } = (response.body ?? {}) as { status?: string; processingFailureReason?: string };
      if (status === 'AVAILABLE') return { state: 'ready', progress: request.progress };
      if (status === 'PROCESSING_FAILED') throw new Rejected(truncate(`LinkedIn API error: video processing failed: ${processingFailureReason ?? 'no reason given'}`));
      return { state: 'processing', progress: request.progress, waitSeconds: VIDEO_WAIT_SECONDS };
    },

    async publish(request) {
      const published = alreadyPublished(request.progress);
      if (published) return published;
      const commentary = escapeLittleText(request.text);
      const { visibility } = author.postChoices(request.options);
      const urn = await request.createOnce({
        what: 'the LinkedIn post',
        progress: request.progress,
        send: async () => {
          const response = await restCall(request, {
            method: 'POST',
            url: rest('/posts'),
            json: {
              author: owner(request),
              commentary,
              visibility,
              distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
              content: content(request),
              lifecycleState: 'PUBLISHED',
              isReshareDisabledByAuthor: false,
            },
          });
          const id = response.headers.get('x-restli-id');
          if (!id) throw new CannotTell('LinkedIn created the post but did not say its id');
          return id;
        },
        reconcile: () => recentPost(request, commentary),
      });
      return publishedResult(request.progress, urn, postUrl(urn));
    },

    /** A comment on the post (Comments API), once (createOnce); its URN comes in x-restli-id. */
    async firstComment(request) {
      const postUrn = request.post.platformPostId;
      const recorded = progressText(request.progress, 'commentUrn');
      if (recorded) return { commentId: recorded, url: commentUrl(postUrn, recorded), progress: request.progress };
      const commentUrn = await request.createOnce({
        what: 'the first comment',
        progress: request.progress,
        send: async () => {
          const response = await restCall(request, { method: 'POST', url: commentsOf(postUrn), json: { actor: owner(request), object: postUrn, message: { text: request.text } } });
          const id = response.headers.get('x-restli-id') ?? (response.body as { $URN?: string } | undefined)?.$URN;
          // Made, but not said which: the user is told to look rather than told it failed.
          if (!id) throw new OutcomeUnknown(checkYourAccount('LinkedIn', 'the first comment', 'it answered without the comment\'s id'));
          return id;
        },
        reconcile: () => recentComment(request),
      });
      return { commentId: commentUrn, url: commentUrl(postUrn, commentUrn), progress: { ...request.progress, commentUrn } };
    },
  };
};
