import { capabilities, platforms, type Platform, type PlatformCapabilities } from './platforms';
import type { MediaKind } from './media';
import { threadParts } from './thread';

/**
 * The rules each platform's capabilities imply (shared/platforms/<id>.ts), applied the same way
 * by the wizard (before publishing), the API (validation) and the publishers (last check).
 */

/** The spec's description limit, shown in the wizard. */
export const DESCRIPTION_MAX = 2200;
/** The longest alt text a file may carry (a file's description for people who cannot see it). */
export const ALT_TEXT_MAX = 2000;

/** A post's own text for some networks (issue 19's per-network versions); the others get the description. */
export type NetworkTexts = Partial<Record<Platform, string>>;

/** Per network whose `capabilities[p].threads`, the post as a thread of numbered posts (shared/thread.ts). */
export type NetworkThreads = Partial<Record<Platform, string[]>>;

/** The posts a network's thread publishes (two or more, the first with the media), or undefined when it gets one post. */
export function threadFor(post: { threads?: NetworkThreads | null | undefined }, platform: Platform): string[] | undefined {
  return capabilities[platform].threads ? threadParts(post.threads?.[platform]) : undefined;
}

/**
 * The text a network gets: its thread's first post when it goes as a thread, else its own version
 * when one is written, else the post's description.
 */
export function textFor(post: { description: string; texts?: NetworkTexts | null | undefined; threads?: NetworkThreads | null | undefined }, platform: Platform): string {
  const thread = threadFor(post, platform);
  if (thread) return thread[0]!;
  const own = post.texts?.[platform];
  return own?.trim() ? own : post.description;
}

/** Only the threads worth keeping: for a chosen network that takes threads, with two or more posts. */
export function keptThreads(threads: NetworkThreads | undefined, chosen: readonly Platform[]): NetworkThreads | undefined {
  const kept = Object.fromEntries(Object.entries(threads ?? {}).filter(([platform, parts]) => chosen.includes(platform as Platform) && capabilities[platform as Platform].threads && threadParts(parts)));
  return Object.keys(kept).length ? (kept as NetworkThreads) : undefined;
}

/** Only the versions worth keeping: for a chosen network and not blank (a blank one means "the description"). */
export function keptTexts(texts: NetworkTexts | undefined, chosen: readonly Platform[]): NetworkTexts | undefined {
  const kept = Object.fromEntries(Object.entries(texts ?? {}).filter(([platform, text]) => chosen.includes(platform as Platform) && text?.trim()));
  return Object.keys(kept).length ? (kept as NetworkTexts) : undefined;
}

/** What a rule needs to know about a file: the upload's facts. */
export interface MediaFacts {
  kind: MediaKind;
  contentType: string;
  size: number;
  durationSeconds?: number | undefined;
}

/**
 * What a post's media become on one platform, from its capability data: a platform that takes
 * images and videos together (`carousel`, Instagram) gets every file of a kind it takes, up to its
 * maximum; any other gets the post's video where it takes videos (it cannot combine a video with
 * images: X, TikTok, LinkedIn, Bluesky) and otherwise the images it takes, up to its maximum.
 * Empty when the platform can take none of them (YouTube with images only). A document (a PDF) is a
 * post of its own: a platform that posts documents gets it alone, any other gets nothing (and
 * mediaProblemsOn says so). The wizard's review step (mediaLeftOutOn), the API's checks and the
 * publishing engine all read this one function.
 */
export function mediaForPlatform<M extends { kind: MediaKind }>(platform: Platform, media: readonly M[], own: PlatformCapabilities = capabilities[platform]): M[] {
  const { media: rules, carousel } = own;
  const document = media.find((item) => item.kind === 'document');
  if (document) return rules.document ? [document] : [];
  if (carousel) {
    const taken = media.filter((item) => (item.kind === 'video' ? rules.video : rules.image));
    return taken.length > 1 ? taken.slice(0, carousel.max) : taken;
  }
  const video = media.find((item) => item.kind === 'video');
  if (video && rules.video) return [video];
  return rules.image ? media.filter((item) => item.kind === 'image').slice(0, rules.image.maxCount) : [];
}

/**
 * Files of a post one platform does not get although it gets others, said before publishing:
 * `videoInstead` — it cannot combine a video and images, so it gets the video only;
 * `videosOnly` / `imagesOnly` — it takes no images (videos) at all, so those are not sent.
 * Empty when it gets every file, or none (then it is a media problem: mediaProblemsOn).
 */
export type MediaLeftOut =
  | { code: 'videoInstead'; images: number }
  | { code: 'videosOnly'; images: number }
  | { code: 'imagesOnly'; videos: number };

export function mediaLeftOutOn<M extends { kind: MediaKind }>(platform: Platform, media: readonly M[]): MediaLeftOut[] {
  const chosen = mediaForPlatform(platform, media);
  // A document with other files is a problem, not a file left out (mediaProblemsOn).
  if (chosen.length === 0 || media.some((item) => item.kind === 'document')) return [];
  const rules = capabilities[platform].media;
  const left = media.filter((item) => !chosen.includes(item));
  const images = left.filter((item) => item.kind === 'image').length;
  const videos = left.filter((item) => item.kind === 'video').length;
  const notes: MediaLeftOut[] = [];
  if (images > 0 && !rules.image) notes.push({ code: 'videosOnly', images });
  else if (images > 0 && chosen.some((item) => item.kind === 'video')) notes.push({ code: 'videoInstead', images });
  if (videos > 0 && !rules.video) notes.push({ code: 'imagesOnly', videos });
  return notes;
}

/** The names of the networks that post documents (a PDF), from their capabilities. */
export const documentNetworks = (): string[] => platforms.filter((platform) => capabilities[platform].media.document).map((platform) => capabilities[platform].name);

/** A left-out note in the API's words (English; the wizard says it in the user's language). */
export function mediaLeftOutMessage(platform: Platform, note: MediaLeftOut): string {
  const name = capabilities[platform].name;
  switch (note.code) {
    case 'videoInstead':
      return `${name} cannot combine a video and images: ${name} gets the video only.`;
    case 'videosOnly':
      return `${name} takes only videos: ${note.images === 1 ? 'the image is' : `the ${note.images} images are`} not sent to ${name}.`;
    case 'imagesOnly':
      return `${name} takes only images: ${note.videos === 1 ? 'the video is' : `the ${note.videos} videos are`} not sent to ${name}.`;
  }
}

/** Why a platform cannot take a post's media, for the wizard (in the user's language) and the API. */
export type MediaProblem<M> =
  | { code: 'videosOnly' | 'imagesOnly' }
  | { code: 'noDocuments' }
  | { code: 'documentAlone'; count: number }
  | { code: 'tooManyImages'; count: number; max: number }
  | { code: 'tooManyFiles'; count: number; max: number }
  | { code: 'format'; item: M; accepted: readonly string[] }
  | { code: 'tooLarge'; item: M; maxBytes: number }
  | { code: 'tooShort'; item: M; seconds: number; min: number }
  | { code: 'tooLong'; item: M; seconds: number; max: number };

/** Every problem one platform has with a post's media; empty when it takes them as they are. */
export function mediaProblemsOn<M extends MediaFacts>(platform: Platform, media: readonly M[], own: PlatformCapabilities = capabilities[platform]): Array<MediaProblem<M>> {
  const rules = own.media;
  const document = media.find((item) => item.kind === 'document');
  if (document) {
    if (!rules.document) return [{ code: 'noDocuments' }];
    if (media.length > 1) return [{ code: 'documentAlone', count: media.length }];
    const problems: Array<MediaProblem<M>> = [];
    if (!rules.document.formats.includes(document.contentType)) problems.push({ code: 'format', item: document, accepted: rules.document.formats });
    if (rules.document.maxBytes !== undefined && document.size > rules.document.maxBytes) problems.push({ code: 'tooLarge', item: document, maxBytes: rules.document.maxBytes });
    return problems;
  }
  const chosen = mediaForPlatform(platform, media, own);
  if (chosen.length === 0) return media.length ? [{ code: rules.video ? 'videosOnly' : 'imagesOnly' }] : [];
  const problems: Array<MediaProblem<M>> = [];
  const images = media.filter((item) => item.kind === 'image');
  const carousel = own.carousel;
  const taken = media.filter((item) => (item.kind === 'video' ? rules.video : rules.image));
  if (carousel && taken.length > carousel.max) {
    problems.push({ code: 'tooManyFiles', count: taken.length, max: carousel.max });
  } else if (chosen[0]!.kind === 'image' && rules.image && images.length > rules.image.maxCount) {
    problems.push({ code: 'tooManyImages', count: images.length, max: rules.image.maxCount });
  }
  for (const item of chosen) {
    const rule = (item.kind === 'video' ? rules.video : rules.image)!;
    if (!rule.formats.includes(item.contentType)) problems.push({ code: 'format', item, accepted: rule.formats });
    if (rule.maxBytes !== undefined && item.size > rule.maxBytes) problems.push({ code: 'tooLarge', item, maxBytes: rule.maxBytes });
    const seconds = item.durationSeconds;
    const length = item.kind === 'video' ? rules.video?.seconds : undefined;
    if (seconds === undefined || !length) continue;
    if (length.min !== undefined && seconds < length.min) problems.push({ code: 'tooShort', item, seconds, min: length.min });
    if (length.max !== undefined && seconds > length.max) problems.push({ code: 'tooLong', item, seconds, max: length.max });
  }
  return problems;
}

const formatNames: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/x-msvideo': 'AVI',
  'video/webm': 'WebM',
  'application/pdf': 'PDF',
};

/** "JPEG", "MP4", or the MIME type itself for a format without a short name. */
export const formatName = (contentType: string): string => formatNames[contentType] ?? contentType;

const turkishSeconds = (value: number) => new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 2 }).format(value);
const megabytes = (bytes: number) => `${new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(bytes / 1_000_000)} MB`;

/**
 * A media problem in the API's words. The video length messages are the product spec's (in
 * Turkish, as the spec writes Instagram's 3–90 s rule), with the platform's own name and limits.
 */
export function mediaProblemMessage(platform: Platform, problem: MediaProblem<MediaFacts>): string {
  const name = capabilities[platform].name;
  switch (problem.code) {
    case 'videosOnly':
      return `${name} publishes videos only: add a video or leave ${name} out.`;
    case 'imagesOnly':
      return `${name} publishes images only: add an image or leave ${name} out.`;
    case 'noDocuments':
      return `${name} does not post documents (PDF): leave ${name} out (documents go to ${new Intl.ListFormat('en', { type: 'disjunction' }).format(documentNetworks())}).`;
    case 'documentAlone':
      return `A document (PDF) is posted on its own: remove the other files, or the PDF (this post has ${problem.count} files).`;
    case 'tooManyImages':
      return `${name} takes at most ${problem.max} image(s).`;
    case 'tooManyFiles':
      return `${name} takes at most ${problem.max} files in one post: this post has ${problem.count}.`;
    case 'format':
      return `${name} takes ${new Intl.ListFormat('en', { type: 'disjunction' }).format(problem.accepted.map(formatName))} ${problem.item.kind}s only: this ${problem.item.kind} is ${formatName(problem.item.contentType)}.`;
    case 'tooLarge':
      return `${name} takes ${problem.item.kind}s of at most ${megabytes(problem.maxBytes)}: this ${problem.item.kind} is ${megabytes(problem.item.size)}.`;
    case 'tooShort':
      return `Video süresi çok kısa: ${turkishSeconds(problem.seconds)} saniye. ${name}, en az ${turkishSeconds(problem.min)} saniye uzunluğunda video gerektirir.`;
    case 'tooLong':
      return `Video süresi çok uzun: ${turkishSeconds(problem.seconds)} saniye. ${name}, maksimum ${turkishSeconds(problem.max)} saniye uzunluğunda video kabul eder.`;
  }
}

/** The length problem of one video on one platform, in the spec's words; undefined when it fits. */
export function videoLengthProblem(platform: Platform, durationSeconds: number | undefined): string | undefined {
  const length = capabilities[platform].media.video?.seconds;
  if (durationSeconds === undefined || !length) return undefined;
  const item: MediaFacts = { kind: 'video', contentType: '', size: 0, durationSeconds };
  if (length.min !== undefined && durationSeconds < length.min) return mediaProblemMessage(platform, { code: 'tooShort', item, seconds: durationSeconds, min: length.min });
  if (length.max !== undefined && durationSeconds > length.max) return mediaProblemMessage(platform, { code: 'tooLong', item, seconds: durationSeconds, max: length.max });
  return undefined;
}

/**
 * The one title field the chosen platforms share: shown when any of them takes a title, as long
 * as the shortest of their limits, required when any of them requires it. Undefined when none does.
 */
export function titleRuleFor(chosen: readonly Platform[]): { platforms: Platform[]; max: number; required: boolean } | undefined {
  const titled = chosen.filter((platform) => capabilities[platform].title);
  if (!titled.length) return undefined;
  const rules = titled.map((platform) => capabilities[platform].title!);
  return { platforms: titled, max: Math.min(...rules.map((rule) => rule.max)), required: rules.some((rule) => rule.required) };
}

/** The chosen platforms that can publish at the scheduled time themselves (YouTube's publishAt). */
export const nativeSchedulersAmong = (chosen: readonly Platform[]): Platform[] => chosen.filter((platform) => capabilities[platform].nativeScheduling);

