import { describe, expect, inject, it } from 'vitest';
import { SFNClient } from '@aws-sdk/client-sfn';
import type { ConnectionList } from '../../../shared/api/connections';
import type { CreatedPost, Post } from '../../../shared/api/posts';
import type { QueueChange, QueuePreviewResult, QueueView } from '../../../shared/api/queue';
import { DEFAULT_SLOTS, type QueueSlot } from '../../../shared/queue';
import { instantToWallTime } from '../../../shared/scheduling';
import { localCredentials, localRegion } from '../../../infra/local/environment';
import { localStateMachineArn } from '../../../infra/local/stepfunctions';
import { createSfnExecutions } from '../../../functions/services/executions';
import { createPostStore, type PostItem } from '../../../functions/services/postStore';
import { createPostService } from '../../../functions/services/posts';
import { createQueueService } from '../../../functions/services/queue';
import { createConnectionStore, tokensUnavailable } from '../../../functions/services/connectionStore';
import { connectThroughOAuth, sandboxAccountName, sandboxControl } from '../../support/connect';
import { tinyJpeg, uploadMedia } from '../../support/posts';
import { runDueAt, storedPost } from '../../support/executions';
import { documentClient, type TestUser } from '../../support/users';
import { createTeam, type Team } from '../../support/workspaces';

const twin = inject('twin');
const ZONE = 'Europe/Istanbul';
const MINUTE = 60_000;
/**
 * The first slot is this far ahead: the test brings the slots' times on with the twin's clock for
 * its workspace (runDueAt), beyond the file's run, so the real clock never reaches them.
 */
const AHEAD_MS = 30 * MINUTE;

/** Weekly slots at these instants, as the queue's zone reads them (weekday 0 = Monday). */
const slotsAt = (instants: Date[]): QueueSlot[] =>
  instants.map((at) => {
    const wall = instantToWallTime(at, ZONE);
    return { weekday: (new Date(`${wall.date}T00:00:00Z`).getUTCDay() + 6) % 7, time: wall.time };
  });

/** `count` instants an hour apart from AHEAD_MS ahead, on the minute. */
const hourly = (count: number) => {
  const first = Math.ceil((Date.now() + AHEAD_MS) / MINUTE) * MINUTE;
  return Array.from({ length: count }, (_, index) => new Date(first + index * 60 * MINUTE));
};

/** A workspace in Istanbul time with an editor and a contributor, X and LinkedIn connected, and one image. */
async function setUp(tag: string) {
  const team = await createTeam(twin, ['editor', 'contributor'], tag);
  expect((await team.call(team.owner, 'updateWorkspace', { body: { timeZone: ZONE } })).status).toBe(200);
  const names = { x: sandboxAccountName(`${tag}-x`), linkedin: sandboxAccountName(`${tag}-li`) };
  await connectThroughOAuth(twin, team.owner, 'x', names.x, 'allow', team.headers);
  await connectThroughOAuth(twin, team.owner, 'linkedin', names.linkedin, 'allow', team.headers);
  const connections = ((await team.call(team.owner, 'listConnections')).body as ConnectionList).connections;
  const accountOf = (platform: 'x' | 'linkedin') => connections.find((connection) => connection.platform === platform)!.platformUserId;
  const accounts = { x: accountOf('x'), linkedin: accountOf('linkedin') };
  const key = await uploadMedia(twin, team.workspaceId, { kind: 'image', body: tinyJpeg });
  const post = (description: string, platforms: Array<'x' | 'linkedin'> = ['x'], extra: Record<string, unknown> = {}) => ({
    description,
    media: [{ key }],
    targets: platforms.map((platform) => ({ platform, accountId: accounts[platform] })),
    queue: {},
    ...extra,
  });
  const path = (platform: 'x' | 'linkedin') => ({ platform, accountId: accounts[platform] });
  return { team, names, accounts, post, path };
}

const bodyOf = <T>(answer: { status: number; body: unknown; text: string }, status = 200): T => {
  expect(answer.status, answer.text).toBe(status);
  return answer.body as T;
};
const messageOf = (answer: { body: unknown }) => String((answer.body as { message?: string } | undefined)?.message);
const getPost = async (team: Team, user: TestUser, postId: string) => bodyOf<Post>(await team.call(user, 'getPost', { path: { postId } }));
const iso = (at: Date | string) => new Date(at).toISOString();

/** Polls the post until it has left scheduled and publishing (its execution ran). */
async function finished(team: Team, postId: string, timeoutMs = 40_000): Promise<Post> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const post = await getPost(team, team.owner, postId);
    if (post.status !== 'scheduled' && post.status !== 'publishing') return post;
    if (Date.now() > deadline) throw new Error(`Post ${postId} still ${post.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.concurrent('the posting queue (API, PublishPost, sandbox)', () => {
  it('proposes the defaults without best-times data and says so; set slots replace them; "Add to queue" takes each account\'s next free slot, or one for all', async () => {
    const { team, post, path } = await setUp('queue-slots');
    const fresh = bodyOf<QueueView>(await team.call(team.owner, 'getQueue', { path: path('x') }));
    expect(fresh).toMatchObject({ source: 'defaults', timeZone: ZONE, workspaceZone: true, paused: false, waiting: [] });
    expect(fresh.slots).toEqual(DEFAULT_SLOTS);

    const [a, b, c] = hourly(3);
    bodyOf<QueueChange>(await team.call(team.owner, 'setQueueSlots', { path: path('x'), body: { slots: slotsAt([a!, c!]) } }));
    bodyOf<QueueChange>(await team.call(team.owner, 'setQueueSlots', { path: path('linkedin'), body: { slots: slotsAt([b!, c!]) } }));
    expect(bodyOf<QueueView>(await team.call(team.owner, 'getQueue', { path: path('x') })).source).toBe('custom');

    // Before: where it would go.
    const preview = bodyOf<QueuePreviewResult>(await team.call(team.owner, 'previewQueue', { body: { accounts: [path('x'), path('linkedin')] } }));
    expect(preview.posts.map((entry) => [entry.scheduledFor, entry.accounts.length])).toEqual([[iso(a!), 1], [iso(b!), 1]]);
    const together = bodyOf<QueuePreviewResult>(await team.call(team.owner, 'previewQueue', { body: { accounts: [path('x'), path('linkedin')], sameTimeForAll: true } }));
    expect(together.posts).toEqual([{ scheduledFor: iso(c!), accounts: expect.arrayContaining(['x#' + path('x').accountId, 'linkedin#' + path('linkedin').accountId]), problem: null }]);

    // One post, two accounts: one post per account at its own next slot, sharing the content.
    const created = bodyOf<CreatedPost>(await team.call(team.owner, 'createPost', { body: post('Each its own slot', ['x', 'linkedin']) }));
    expect(created.queuedPosts?.map((entry) => entry.scheduledFor)).toEqual([iso(a!), iso(b!)]);
    const second = await getPost(team, team.owner, created.queuedPosts![1]!.postId);
    expect(second).toMatchObject({ status: 'scheduled', description: 'Each its own slot', timeZone: ZONE, queue: { held: false, waiting: null } });
    expect(second.targets.map((target) => target.platform)).toEqual(['linkedin']);

    // Same time for all: the earliest instant both have free (c; a and b are taken now).
    const shared = bodyOf<CreatedPost>(await team.call(team.owner, 'createPost', { body: post('Together', ['x', 'linkedin'], { queue: { sameTimeForAll: true } }) }));
    expect(shared.queuedPosts).toHaveLength(1);
    expect(shared).toMatchObject({ scheduledFor: iso(c!), platforms: expect.arrayContaining(['x', 'linkedin']) });

    // No free slot at the same time any more within a week's slots? The next week's c is.
    const nextWeek = bodyOf<QueuePreviewResult>(await team.call(team.owner, 'previewQueue', { body: { accounts: [path('x'), path('linkedin')], sameTimeForAll: true } }));
    expect(nextWeek.posts[0]!.scheduledFor).toBe(iso(new Date(c!.getTime() + 7 * 86_400_000)));

    // Two adds at once for the same account: each claims its slot before it creates its post, so
    // they take the two next slots (a and c next week), never one slot twice.
    const atOnce = await Promise.all(['At once 1', 'At once 2'].map(async (text) => bodyOf<CreatedPost>(await team.call(team.owner, 'createPost', { body: post(text) }))));
    const week = 7 * 86_400_000;
    expect(atOnce.map((created) => created.scheduledFor).sort()).toEqual([iso(new Date(a!.getTime() + week)), iso(new Date(c!.getTime() + week))]);
  });

  it('refuses in words: no slots, an account not connected, a time and the queue together, someone who may not publish changing slots', async () => {
    const { team, post, path } = await setUp('queue-refuse');
    bodyOf<QueueChange>(await team.call(team.owner, 'setQueueSlots', { path: path('x'), body: { slots: [] } }));
    const noSlots = await team.call(team.owner, 'createPost', { body: post('Nowhere to go') });
    expect(noSlots.status).toBe(400);
    expect(messageOf(noSlots)).toMatch(/^The X account .+ has no posting slots: set some in its Queue\.$/);
    const stranger = await team.call(team.owner, 'createPost', { body: { ...post('To nobody'), targets: [{ platform: 'x', accountId: 'not-connected' }] } });
    expect(stranger.status).toBe(400);
    expect(messageOf(stranger)).toBe('No connected X account not-connected in this workspace: connect it first.');
    const both = await team.call(team.owner, 'createPost', { body: post('Both', ['x'], { scheduledFor: hourly(1)[0]!.toISOString(), timeZone: ZONE }) });
    expect(both.status).toBe(400);
    expect(messageOf(both)).toContain('Choose a time or the queue, not both.');
    const contributor = await team.call(team.members.contributor!, 'setQueueSlots', { path: path('x'), body: { slots: [{ weekday: 0, time: '09:00' }] } });
    expect(contributor.status).toBe(403);
    const unknown = await team.call(team.owner, 'getQueue', { path: { platform: 'x', accountId: 'not-connected' } });
    expect(unknown.status).toBe(404);
    expect(messageOf(unknown)).toBe('No connected X account not-connected in this workspace: connect it first.');
  });

  it('re-plans queued posts on reorder, skip, share next, pause and resume, never a published one; three posts publish at their slots, each once', async () => {
    const { team, names, post, path } = await setUp('queue-replan');
    const instants = hourly(4);
    bodyOf<QueueChange>(await team.call(team.owner, 'setQueueSlots', { path: path('x'), body: { slots: slotsAt(instants) } }));
    const ids: string[] = [];
    for (const text of ['First', 'Second', 'Third']) ids.push(bodyOf<CreatedPost>(await team.call(team.owner, 'createPost', { body: post(text) })).postId);
    const timesOf = async () => Promise.all(ids.map(async (postId) => (await getPost(team, team.owner, postId)).scheduledFor));
    expect(await timesOf()).toEqual(instants.slice(0, 3).map(iso));

    // Reorder: Third, First, Second.
    const reordered = bodyOf<QueueChange>(await team.call(team.owner, 'reorderQueue', { path: path('x'), body: { postIds: [ids[2], ids[0], ids[1]] } }));
    expect(reordered.outcomes.map((entry) => entry.outcome)).toEqual(['moved', 'moved', 'moved']);
    expect(await timesOf()).toEqual([iso(instants[1]!), iso(instants[2]!), iso(instants[0]!)]);
    // The moved post's old execution publishes nothing: a new one is current.
    const third = await storedPost(twin, team.workspaceId, ids[2]!);
    expect(third.executions).toHaveLength(2);

    // Skip the first slot: everyone moves one slot later.
    const skipped = bodyOf<QueueChange>(await team.call(team.owner, 'skipQueueSlot', { path: path('x'), body: { at: iso(instants[0]!) } }));
    expect(skipped.queue.upcoming[0]).toMatchObject({ at: iso(instants[0]!), skipped: true, post: null });
    expect(await timesOf()).toEqual([iso(instants[2]!), iso(instants[3]!), iso(instants[1]!)]);

    // Share next: Second to the front.
    bodyOf<QueueChange>(await team.call(team.owner, 'shareQueuePostNext', { path: path('x'), body: { postId: ids[1] } }));
    expect(await timesOf()).toEqual([iso(instants[3]!), iso(instants[1]!), iso(instants[2]!)]);

    // Pause: every post waits, and says so; their time passing publishes nothing.
    const paused = bodyOf<QueueChange>(await team.call(team.owner, 'pauseQueue', { path: path('x') }));
    expect(paused.outcomes.map((entry) => entry.outcome)).toEqual(['held', 'held', 'held']);
    expect(paused.queue.waiting).toHaveLength(3);
    const held = await getPost(team, team.owner, ids[1]!);
    expect(held).toMatchObject({ status: 'scheduled', queue: { held: true } });
    expect(held.queue!.waiting).toBe(`Waiting: its queue is paused, so it does not publish (its time was ${iso(instants[1]!).replace('T', ' ').slice(0, 16)} UTC). Once the queue is resumed it takes the next free slot.`);
    expect(await runDueAt(twin, team.workspaceId, instants[3]!)).toEqual([]);
    expect((await sandboxControl(twin).feed('x', names.x)).posts).toHaveLength(0);

    // Resume: they take the free slots again in their order (the skipped one stays skipped).
    const resumed = bodyOf<QueueChange>(await team.call(team.owner, 'resumeQueue', { path: path('x') }));
    expect(resumed.outcomes.map((entry) => entry.outcome)).toEqual(['moved', 'moved', 'moved']);
    expect((await getPost(team, team.owner, ids[1]!)).queue).toEqual({ accounts: [`x#${path('x').accountId}`], held: false, waiting: null });
    const order = [ids[1]!, ids[2]!, ids[0]!];
    const placed = await Promise.all(order.map(async (postId) => (await getPost(team, team.owner, postId)).scheduledFor!));
    expect(placed).toEqual([iso(instants[1]!), iso(instants[2]!), iso(instants[3]!)]);

    // The first slot's time comes: it publishes; changing the slots afterwards leaves it alone.
    await runDueAt(twin, team.workspaceId, placed[0]!);
    expect((await finished(team, order[0]!)).status).toBe('published');
    const changed = bodyOf<QueueChange>(await team.call(team.owner, 'setQueueSlots', { path: path('x'), body: { slots: slotsAt(instants.slice(1)) } }));
    expect(changed.outcomes.map((entry) => entry.postId)).not.toContain(order[0]);
    expect((await getPost(team, team.owner, order[0]!)).scheduledFor).toBe(placed[0]);

    // The other two at theirs: three posts on X, each once.
    for (const [index, postId] of order.slice(1).entries()) {
      const at = (await getPost(team, team.owner, postId)).scheduledFor!;
      expect(at).toBe(placed[index + 1]);
      await runDueAt(twin, team.workspaceId, at);
      expect((await finished(team, postId)).status).toBe('published');
    }
    expect(await runDueAt(twin, team.workspaceId, instants[3]!), 'nothing left to run').toEqual([]);
    const feed = (await sandboxControl(twin).feed('x', names.x)).posts;
    expect(feed).toHaveLength(3);
  });

  it('a contributor\'s queued post goes for approval like any scheduled one', async () => {
    const { team, post, path } = await setUp('queue-approve');
    bodyOf<QueueChange>(await team.call(team.owner, 'setQueueSlots', { path: path('linkedin'), body: { slots: slotsAt(hourly(1)) } }));
    const submitted = bodyOf<CreatedPost>(await team.call(team.members.contributor!, 'createPost', { body: post('Please approve', ['linkedin']) }));
    expect(submitted).toMatchObject({ status: 'scheduled', approval: { state: 'pending', submittedByEmail: team.members.contributor!.email }, queue: { held: false } });
    const view = bodyOf<QueueView>(await team.call(team.members.contributor!, 'getQueue', { path: path('linkedin') }));
    expect(view.upcoming[0]!.post?.postId).toBe(submitted.postId);
  });

  it('a reorder that meets a post claimed for publishing meanwhile leaves it, in words, and plans the others around it (the conditional write loses cleanly)', async () => {
    const { team, post, path } = await setUp('queue-race');
    const instants = hourly(3);
    bodyOf<QueueChange>(await team.call(team.owner, 'setQueueSlots', { path: path('x'), body: { slots: slotsAt(instants) } }));
    const first = bodyOf<CreatedPost>(await team.call(team.owner, 'createPost', { body: post('Claimed meanwhile') })).postId;
    const second = bodyOf<CreatedPost>(await team.call(team.owner, 'createPost', { body: post('Moved') })).postId;

    // The queue service as the function builds it, on the twin's tables and state machine; its
    // posts store lets the engine claim the first post right after the planner has read the queue.
    const db = documentClient(twin);
    const clock = { now: () => new Date() };
    const store = createPostStore({ db, tableName: twin.tableNames.posts, clock });
    const executions = createSfnExecutions(new SFNClient({ endpoint: twin.endpoints.stepFunctions, region: localRegion, credentials: localCredentials }), localStateMachineArn);
    const connections = createConnectionStore({ db, tableName: twin.tableNames.connections, cipher: tokensUnavailable, clock });
    const unused = new Proxy({}, { get: () => () => Promise.reject(new Error('not used by re-planning')) });
    const postService = createPostService({ db, posts: store, connections, memberships: unused as never, media: unused as never, executions, clock });
    // Reads of the scheduled list: the reorder's check (1), then the re-plan's own read (2), after which the engine claims.
    let reads = 0;
    const racingStore: typeof store = {
      ...store,
      async page(...args: Parameters<typeof store.page>) {
        const page = await store.page(...args);
        if (args[1] === 'scheduled' && ++reads === 2) {
          const item: PostItem = (await store.get(team.workspaceId, first))!;
          const targetId = Object.keys(item.targets)[0]!;
          expect(await store.claimTarget(item, targetId, item.currentExecution!, { startsPost: true }), 'the engine claims it').toBe(true);
        }
        return page;
      },
    };
    const queue = createQueueService({
      db,
      membershipsTable: twin.tableNames.memberships,
      posts: racingStore,
      postService,
      createPost: () => Promise.reject(new Error('not used')),
      connections,
      bestTimes: async () => ({ enoughData: false, cells: [] }),
      workspaceZone: async () => ZONE,
      clock,
    });
    const acting = { user: { userId: team.workspaceId, email: team.owner.email }, caller: { userId: team.owner.userId, email: team.owner.email }, workspace: { workspaceId: team.workspaceId, role: 'owner' as const, personal: false } };
    const change = await queue.reorder(acting, path('x'), [second, first]);
    expect(change.outcomes).toEqual([
      // The claimed post's slot stays used (it is publishing there): the second keeps the next one.
      { postId: second, outcome: 'kept', message: null },
      { postId: first, outcome: 'left', message: 'Left as it is: Only a scheduled post can be changed: it is publishing now.' },
    ]);
    const claimedPost = await storedPost(twin, team.workspaceId, first);
    expect(claimedPost).toMatchObject({ status: 'publishing', scheduledFor: iso(instants[0]!) });
    expect(claimedPost.executions, 'no second execution for the claimed post').toHaveLength(1);
    expect((await storedPost(twin, team.workspaceId, second)).scheduledFor).toBe(iso(instants[1]!));
  });
});
