import { randomUUID } from 'node:crypto';
import { capabilities, type Platform } from '../../shared/platforms';
import { mediaForPlatform } from '../../shared/platformRules';
import type { Post } from '../../shared/api/posts';
import type { ConnectionList } from '../../shared/api/connections';
import type { FaultInput, RecordedCall, Sandbox } from '../../infra/local/sandbox/sandbox';
import type { Twin } from '../../infra/local/twin';
import type { TwinInfo } from '../support/twinInfo';
import { callApi, createUser, signIn, type TestUser } from '../support/users';
import { connectThroughOAuth, makeAdmin, sandboxAccountName } from '../support/connect';
import { createPost, sampleVideo, tinyJpeg, tinyPdf, uploadMedia } from '../support/posts';
import { installStepKiller, type StepKiller } from './stepKiller';
import { testOptions } from '../support/postOptions';

/**
 * The fault matrix (issue 15): every platform × every outbound call a publish makes × every
 * fault, for a video and an image (and a video with an image where a platform takes both in one
 * post: an Instagram carousel). The calls are not listed by hand: a clean publish per
 * platform and media kind is run first and the sandbox's request log (by route) gives them, so
 * a new call or platform is covered without touching this file. Each cell publishes one post
 * with one fault injected on its call and reads the outcome from the post and the platform's
 * feed: `one post` (published, the feed holds exactly one item with the right bytes), `failed`
 * (with the reason the user sees), `duplicate` (more than one item), `stuck` (not terminal in time).
 *
 * The look-up column (issue 26) takes the calls that create something a person sees — the post's,
 * and a thread reply's and a first comment's where the platform takes them (the sandbox marks
 * each call that made an item appear) — loses each one's answer after the platform acted, and
 * fails the call after it (the look-up) with a 404, a 500, a malformed body or no answer in time.
 */

/** Faults on one call, for every call a publish makes. */
export const callFaults = ['dropped before', 'dropped after', '500', '429 with reset', 'step killed after the call', 'twin restarted', 'token expired'] as const;
/**
 * The look-up column, for every call that creates something a person sees (a post, a thread's
 * reply, a first comment): its answer is lost after the platform acted, and the call after it —
 * the look-up that asks whether it exists — fails.
 */
export const lookUpFaults = ['lost, look-up 404', 'lost, look-up 500', 'lost, look-up malformed', 'lost, look-up timed out'] as const;
export const faults = [...callFaults, ...lookUpFaults] as const;
export type FaultName = (typeof faults)[number];
export type LookUpFaultName = (typeof lookUpFaults)[number];
export type Outcome = 'one post' | 'failed' | 'duplicate' | 'stuck';
export type MediaKind = 'video' | 'image' | 'video + image' | 'image story' | 'document';
/** The files a post of each media kind carries, in order. */
const filesOf = (kind: MediaKind): Array<'video' | 'image' | 'document'> => (kind === 'video + image' ? ['video', 'image'] : kind === 'image story' ? ['image'] : [kind]);
/** The target's choices a media kind asks for (an Instagram story, a LinkedIn document's title), over the tests' usual ones. */
const optionsOf = (platform: Platform, kind: MediaKind) =>
  kind === 'image story' ? { options: { format: 'story' } } : kind === 'document' ? { options: { documentTitle: 'Chaos document' } } : testOptions(platform);
/**
 * A story has no caption to carry the cell's marker: the stories on the account before each cell
 * publishes (cells run one after the other), so the cell's are those that were not there.
 */
const storiesBefore = new Map<string, Set<string>>();
const isStory = (item: { settings?: Record<string, unknown> | undefined }) => item.settings?.['productType'] === 'STORY';

export interface Cell {
  platform: Platform;
  media: MediaKind;
  /** `METHOD hostKey route`, as the sandbox's request log names it. */
  call: string;
  fault: FaultName;
  outcome: Outcome;
  detail: string;
}

/** A running twin the matrix can restart (test/support/restartableTwin.ts). */
export interface ChaosTwin {
  sandbox: Sandbox;
  start(): Promise<{ twin: Twin; info: TwinInfo }>;
}

interface Context {
  chaos: ChaosTwin;
  current: { twin: Twin; info: TwinInfo };
  user: TestUser;
  accounts: Record<Platform, { name: string; id: string }>;
  media: Record<'video' | 'image' | 'document', { key: string; size: number }>;
  killer: StepKiller;
}

const TERMINAL_MS = 60_000;
/** Step timeout in the twin while the matrix runs: a killed step ends like a Lambda timeout. */
export const STEP_TIMEOUT_MS = 4_000;

const callName = (call: RecordedCall) => `${call.method} ${call.hostKey} ${call.route}`;

/** A call that made something a person sees (the sandbox marks it `posted`); `skip`: how many uses of its route came before it in the publish. */
export interface CreatingCall extends RecordedCall {
  skip: number;
}
const creatingCallName = (call: CreatingCall) => `${callName(call)}${call.skip ? ` (use ${call.skip + 1})` : ''}`;

/** What the call after a lost answer gets (the afterFault fault: whatever that call is). */
function lookUpFailure(fault: LookUpFaultName): Omit<FaultInput, 'platform'> {
  switch (fault) {
    case 'lost, look-up 404':
      return { status: 404, body: { error: { code: 'not_found', message: 'Not found (chaos)' }, status: 404 } };
    case 'lost, look-up 500':
      return { status: 500, body: { error: { message: 'An unknown error occurred (chaos)' } } };
    case 'lost, look-up malformed':
      return { status: 200, body: { unexpected: 'chaos' } };
    case 'lost, look-up timed out':
      // Longer than the step's timeout (STEP_TIMEOUT_MS): the look-up hangs until the step is ended, then nothing comes.
      return { delayMs: STEP_TIMEOUT_MS + 2_000, dropConnection: 'before' };
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What each platform answers to a rate-limited call, with its reset a second away. */
function rateLimited(platform: Platform): Pick<FaultInput, 'status' | 'body' | 'headers'> {
  const reset = String(Math.floor(Date.now() / 1000) + 1);
  const headers = { 'retry-after': '1', 'x-rate-limit-reset': reset, 'x-rate-limit-remaining': '0' };
  switch (platform) {
    case 'x':
      return { status: 429, headers, body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 } };
    case 'tiktok':
      return { status: 429, headers, body: { data: {}, error: { code: 'rate_limit_exceeded', message: 'Too many requests', log_id: 'chaos' } } };
    case 'youtube':
      return { status: 429, headers, body: { error: { code: 429, message: 'Rate limit exceeded', errors: [{ reason: 'rateLimitExceeded', domain: 'youtube.quota' }] } } };
    case 'instagram':
      return { status: 429, headers, body: { error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 } } };
    case 'linkedin':
    case 'linkedinPage':
      return { status: 429, headers, body: { status: 429, message: 'Resource level throttle limit for calls to this resource is reached.' } };
    case 'bluesky':
      return { status: 429, headers: { ...headers, 'ratelimit-reset': reset, 'ratelimit-remaining': '0' }, body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' } };
    case 'threads':
      return { status: 429, headers, body: { error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 } } };
    case 'mastodon':
      return { status: 429, headers: { ...headers, 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': new Date(Number(reset) * 1000).toISOString() }, body: { error: 'Too many requests' } };
    case 'googleBusiness':
      return { status: 429, headers, body: { error: { code: 429, message: "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute'.", status: 'RESOURCE_EXHAUSTED' } } };
    case 'pinterest':
      return { status: 429, headers: { 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' }, body: { code: 8, message: 'You have exceeded your rate limit. Try again later.' } };
    case 'facebook': {
      // The Pages business-use-case limit: code 32, the wait in X-Business-Use-Case-Usage (minutes; the twin shortens it).
      const usage = { chaos: [{ type: 'pages', call_count: 100, total_cputime: 10, total_time: 10, estimated_time_to_regain_access: 1 }] };
      return { status: 400, headers: { 'x-business-use-case-usage': JSON.stringify(usage) }, body: { error: { message: 'Page request limit reached', type: 'OAuthException', code: 32, fbtrace_id: 'chaos' } } };
    }
  }
}

/** Which media kinds a platform takes (YouTube: videos only; Instagram also a video with an image, as a carousel, and an image story; LinkedIn a document). */
export function mediaKinds(platform: Platform): MediaKind[] {
  const rules = capabilities[platform].media;
  const together = mediaForPlatform(platform, [{ kind: 'video' as const }, { kind: 'image' as const }]).length > 1;
  return [
    ...(rules.video ? (['video'] as const) : []),
    ...(rules.image ? (['image'] as const) : []),
    ...(together ? (['video + image'] as const) : []),
    ...(platform === 'instagram' ? (['image story'] as const) : []),
    ...(rules.document ? (['document'] as const) : []),
  ];
}

/**
 * The matrix makes hundreds of posts per account within minutes, and the twin shortens the
 * rate-limit waits while the sandbox's windows are real time: its quotas are lifted (the 429
 * column covers the rate-limit path). unauditedCreatorsPer24h is a switch, not a quota.
 */
async function liftQuotas(sandbox: Sandbox, platforms: readonly Platform[]): Promise<void> {
  for (const platform of platforms) {
    for (const name of Object.keys(await sandbox.control.limits(platform))) {
      if (name !== 'unauditedCreatorsPer24h') await sandbox.control.setLimit(platform, name, 1_000_000);
    }
  }
}

export async function prepare(chaos: ChaosTwin, platforms: readonly Platform[]): Promise<Context> {
  await liftQuotas(chaos.sandbox, platforms);
  const current = await chaos.start();
  const user = await createUser(current.info);
  await makeAdmin(current.info, user);
  const accounts = {} as Context['accounts'];
  for (const platform of platforms) {
    const name = sandboxAccountName(`chaos-${platform}`);
    await connectThroughOAuth(current.info, user, platform, name);
    accounts[platform] = { name, id: '' };
  }
  const connections = ((await callApi(current.info, '/connections', user.idToken)).body as unknown as ConnectionList).connections;
  for (const connection of connections) if (accounts[connection.platform]) accounts[connection.platform].id = connection.platformUserId;
  const video = sampleVideo(10);
  const media = {
    video: { key: await uploadMedia(current.info, user.userId, { kind: 'video', body: video }), size: video.length },
    image: { key: await uploadMedia(current.info, user.userId, { kind: 'image', body: tinyJpeg }), size: tinyJpeg.length },
    document: { key: await uploadMedia(current.info, user.userId, { kind: 'document', body: tinyPdf }), size: tinyPdf.length },
  };
  return { chaos, current, user, accounts, media, killer: installStepKiller(chaos.sandbox) };
}

/** The texts of a post's follow-ups, marked apart from the post (its own marker would count them as second posts). */
const threadText = (followUps: string) => `Thread ${followUps}`;
const commentText = (followUps: string) => `Comment ${followUps}`;

/** With `followUps` (their marker): a thread of two where the platform takes threads, and a first comment where it takes one. */
async function publish(context: Context, platform: Platform, kind: MediaKind, marker: string, followUps?: string): Promise<string> {
  const { threads, firstComment } = capabilities[platform];
  const body = {
    description: `Chaos ${marker}`,
    ...(platform === 'youtube' ? { title: `Chaos ${marker}` } : {}),
    ...(followUps && threads ? { threads: { [platform]: [`Chaos ${marker}`, threadText(followUps)] } } : {}),
    ...(followUps && firstComment && kind !== 'image story' ? { firstComment: commentText(followUps) } : {}),
    media: filesOf(kind).map((file) => ({ key: context.media[file].key })),
    targets: [{ platform, accountId: context.accounts[platform].id, ...optionsOf(platform, kind) }],
  };
  if (kind === 'image story') {
    const feed = await context.chaos.sandbox.control.feed(platform, context.accounts[platform].name);
    storiesBefore.set(marker, new Set(feed.posts.filter(isStory).map((item) => item.id)));
  }
  const created = await createPost(context.current.info, context.user, body);
  if (created.status !== 200) throw new Error(`POST /posts answered ${created.status}: ${JSON.stringify(created.body)}`);
  return (created.body as unknown as Post).postId;
}

async function terminal(context: Context, postId: string, timeoutMs = TERMINAL_MS): Promise<Post | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await callApi(context.current.info, `/posts/${postId}`, context.user.idToken).catch(() => ({ status: 0, body: {} }));
    const post = body as unknown as Post;
    if (status === 200 && post.status !== 'publishing' && post.status !== 'scheduled') return post;
    if (Date.now() > deadline) return undefined;
    await sleep(100);
  }
}

async function outcomeOf(context: Context, platform: Platform, kind: MediaKind, marker: string, post: Post | undefined, followUps?: string): Promise<Pick<Cell, 'outcome' | 'detail'>> {
  const feed = await context.chaos.sandbox.control.feed(platform, context.accounts[platform].name);
  const before = storiesBefore.get(marker);
  const mine = before
    ? feed.posts.filter((item) => isStory(item) && !before.has(item.id))
    : feed.posts.filter((item) => item.text.includes(marker) || (item.title ?? '').includes(marker));
  if (mine.length > 1) return { outcome: 'duplicate', detail: `${mine.length} posts on ${platform}` };
  if (followUps) {
    const target = post?.targets[0];
    const followed = [
      { what: 'thread reply', text: threadText(followUps), result: target?.thread },
      { what: 'first comment', text: commentText(followUps), result: target?.firstComment },
    ];
    for (const { what, text, result } of followed) {
      const made = feed.posts.filter((item) => item.text.includes(text)).length;
      if (made > 1) return { outcome: 'duplicate', detail: `${made} of the ${what} on ${platform}` };
      // As for the post: a failure the user is told to check is honest whatever the platform holds; any other must hold nothing.
      if (made === 1 && result?.status === 'failed' && !/check your/i.test(result.error ?? '')) return { outcome: 'failed', detail: `WRONG: the ${what} says "${result.error ?? ''}" but the platform has it` };
    }
  }
  if (!post) return { outcome: 'stuck', detail: `not terminal after ${TERMINAL_MS / 1000} s (${mine.length} on the platform)` };
  const target = post.targets[0]!;
  if (target.status === 'published') {
    if (mine.length === 0) return { outcome: 'failed', detail: `reads published but the platform has no post (${target.postUrl ?? ''})` };
    const sizes = filesOf(kind).map((file) => context.media[file].size);
    const got = mine[0]!.media.map((item) => item.size);
    const wrong = got.some((size, index) => size !== sizes[Math.min(index, sizes.length - 1)]) || (sizes.length > 1 && got.length !== sizes.length);
    if (wrong) return { outcome: 'failed', detail: `published with the wrong bytes: ${got.join(', ')} instead of ${sizes.join(', ')}` };
    return { outcome: 'one post', detail: target.postUrl ?? '' };
  }
  const reason = target.error ?? post.status;
  // A failure the user is told to check is honest whatever the platform holds; any other must hold nothing.
  if (mine.length === 1 && !/check your/i.test(reason)) return { outcome: 'failed', detail: `WRONG: says "${reason}" but the platform has the post` };
  return { outcome: 'failed', detail: reason };
}

/** The calls a clean publish makes, in order of first use. */
export async function discoverCalls(context: Context, platform: Platform, kind: MediaKind): Promise<RecordedCall[]> {
  const { sandbox } = context.chaos;
  const before = (await sandbox.control.requests(platform)).length;
  const marker = randomUUID().slice(0, 8);
  const post = await terminal(context, await publish(context, platform, kind, marker));
  const clean = await outcomeOf(context, platform, kind, marker, post);
  if (clean.outcome !== 'one post') throw new Error(`The clean ${platform} ${kind} publish ended ${clean.outcome}: ${clean.detail}`);
  const seen = new Map<string, RecordedCall>();
  for (const call of (await sandbox.control.requests(platform)).slice(before)) if (!seen.has(callName(call))) seen.set(callName(call), call);
  return [...seen.values()];
}

/**
 * The calls that create something a person sees, in a clean publish with the platform's
 * follow-ups (a thread reply, a first comment): the sandbox marks each call that made an item
 * appear. Each is named with how many uses of its route came before it (X's post, reply and
 * comment all go to POST /2/tweets).
 */
export async function discoverCreatingCalls(context: Context, platform: Platform, kind: MediaKind): Promise<CreatingCall[]> {
  const { sandbox } = context.chaos;
  const before = (await sandbox.control.requests(platform)).length;
  const marker = randomUUID().slice(0, 8);
  const followUps = randomUUID().slice(0, 8);
  const post = await terminal(context, await publish(context, platform, kind, marker, followUps));
  const clean = await outcomeOf(context, platform, kind, marker, post, followUps);
  if (clean.outcome !== 'one post') throw new Error(`The clean ${platform} ${kind} publish with follow-ups ended ${clean.outcome}: ${clean.detail}`);
  const target = post!.targets[0]!;
  for (const result of [target.thread, target.firstComment]) if (result?.status === 'failed') throw new Error(`A follow-up of the clean ${platform} ${kind} publish failed: ${result.error ?? ''}`);
  const uses = new Map<string, number>();
  const creating: CreatingCall[] = [];
  for (const call of (await sandbox.control.requests(platform)).slice(before)) {
    const skip = uses.get(callName(call)) ?? 0;
    uses.set(callName(call), skip + 1);
    if (call.posted) creating.push({ ...call, skip });
  }
  return creating;
}

/**
 * One cell of the look-up column: the creating call's answer is lost after the platform acted
 * (dropped after), and the platform's next request fails with the fault, whatever it is.
 */
export async function runLookUpCell(context: Context, platform: Platform, kind: MediaKind, call: CreatingCall, fault: LookUpFaultName): Promise<Cell> {
  const { sandbox } = context.chaos;
  const marker = randomUUID().slice(0, 8);
  const followUps = randomUUID().slice(0, 8);
  await sandbox.control.injectFault({ platform, method: call.method, hostKey: call.hostKey, route: call.route, skip: call.skip, dropConnection: 'after' });
  await sandbox.control.injectFault({ platform, afterFault: true, ...lookUpFailure(fault) });
  let post: Post | undefined;
  try {
    post = await terminal(context, await publish(context, platform, kind, marker, followUps));
  } finally {
    await sandbox.control.clearFaults(platform);
    await reconnectIfNeeded(context, platform);
  }
  return { platform, media: kind, call: creatingCallName(call), fault, ...(await outcomeOf(context, platform, kind, marker, post, followUps)) };
}

/**
 * A platform that cannot refresh (LinkedIn, a Facebook Page) needs the user after its token
 * expired: they reconnect, as on the Accounts page. After a cell that expired the token the
 * account is reconnected whatever its status says: a post that finished despite the fault (its
 * last read needed no token) leaves the sandbox's token expired and the connection unmarked.
 */
async function reconnectIfNeeded(context: Context, platform: Platform, expired = false): Promise<void> {
  const response = await callApi(context.current.info, '/connections', context.user.idToken);
  if (response.status !== 200) throw new Error(`GET /connections answered ${response.status}: ${JSON.stringify(response.body)}`);
  const connections = (response.body as unknown as ConnectionList).connections;
  const connection = connections.find((item) => item.platform === platform && item.platformUserId === context.accounts[platform].id);
  if (expired || connection?.status !== 'connected') await connectThroughOAuth(context.current.info, context.user, platform, context.accounts[platform].name);
}

async function restartTwin(context: Context): Promise<void> {
  await context.current.twin.stop();
  context.current = await context.chaos.start();
  const tokens = await signIn(context.current.info, context.user.email, context.user.password);
  context.user = { ...context.user, idToken: tokens.IdToken!, accessToken: tokens.AccessToken! };
}

/** One cell: the fault on the call's first use during one publish. */
export async function runCell(context: Context, platform: Platform, kind: MediaKind, call: RecordedCall, fault: (typeof callFaults)[number]): Promise<Cell> {
  const { sandbox } = context.chaos;
  const where = { platform, method: call.method, hostKey: call.hostKey, route: call.route };
  const marker = randomUUID().slice(0, 8);
  const cell = { platform, media: kind, call: callName(call), fault };
  switch (fault) {
    case 'dropped before':
      await sandbox.control.injectFault({ ...where, dropConnection: 'before' });
      break;
    case 'dropped after':
      await sandbox.control.injectFault({ ...where, dropConnection: 'after' });
      break;
    case '500':
      await sandbox.control.injectFault({ ...where, status: 500, body: { error: { message: 'Internal error (chaos)' } } });
      break;
    case '429 with reset':
      await sandbox.control.injectFault({ ...where, ...rateLimited(platform) });
      break;
    case 'token expired':
      await sandbox.control.injectFault({ ...where, expireToken: true });
      break;
    case 'step killed after the call':
      context.killer.killAfter(where);
      break;
    case 'twin restarted':
      // The platform acts at once; its answer is held until the twin is gone.
      await sandbox.control.injectFault({ ...where, delayMs: 1500, dropConnection: 'after' });
      break;
  }
  const seenBefore = (await sandbox.control.requests(platform)).filter((item) => callName(item) === callName(call)).length;
  let post: Post | undefined;
  try {
    const postId = await publish(context, platform, kind, marker);
    if (fault === 'twin restarted') {
      const deadline = Date.now() + 20_000;
      while ((await sandbox.control.requests(platform)).filter((item) => callName(item) === callName(call)).length === seenBefore && Date.now() < deadline) await sleep(20);
      await restartTwin(context);
    }
    post = await terminal(context, postId);
  } finally {
    context.killer.disarm(platform);
    await sandbox.control.clearFaults(platform);
    await reconnectIfNeeded(context, platform, fault === 'token expired');
  }
  return { ...cell, ...(await outcomeOf(context, platform, kind, marker, post)) };
}

/** The table docs/publishing.md shows ("The fault matrix"): one row per platform × media × call, one column per fault. */
export function table(cells: Cell[]): string {
  const rows = new Map<string, Map<FaultName, Cell>>();
  for (const cell of cells) {
    const row = `${cell.platform} | ${cell.media} | \`${cell.call}\``;
    if (!rows.has(row)) rows.set(row, new Map());
    rows.get(row)!.set(cell.fault, cell);
  }
  const header = `| platform | media | call | ${faults.join(' | ')} |\n|---|---|---|${faults.map(() => '---').join('|')}|`;
  const lines = [...rows].map(([row, byFault]) => `| ${row} | ${faults.map((fault) => byFault.get(fault)?.outcome ?? '').join(' | ')} |`);
  return [header, ...lines].join('\n');
}

export function summary(cells: Cell[]): Record<Outcome, number> {
  const counts: Record<Outcome, number> = { 'one post': 0, failed: 0, duplicate: 0, stuck: 0 };
  for (const cell of cells) counts[cell.outcome]++;
  return counts;
}
