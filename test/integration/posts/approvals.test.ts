import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import type { NotificationList } from '../../../shared/api/notifications';
import type { PostComment, PostCommentList } from '../../../shared/api/approvals';
import type { ApprovalQueue, Post } from '../../../shared/api/posts';
import type { ApprovalRule } from '../../../shared/api/workspaces';
import { connectThroughOAuth, sandboxAccountName, sandboxControl } from '../../support/connect';
import { tinyJpeg, uploadMedia } from '../../support/posts';
import type { TestUser } from '../../support/users';
import { createTeam, mailsTo, type Team } from '../../support/workspaces';

const twin = inject('twin');
const ZONE = 'Europe/Istanbul';
/** A scheduled time far enough ahead for the requests between the create and the time (see scheduling.test.ts). */
const LEAD_MS = 15_000;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A workspace (approvals for contributors, its default) with an editor, a contributor and a viewer, LinkedIn connected and one image. */
async function setUp(tag: string) {
  const team = await createTeam(twin, ['editor', 'contributor', 'viewer'], tag);
  const account = sandboxAccountName(tag);
  await connectThroughOAuth(twin, team.owner, 'linkedin', account, 'allow', team.headers);
  const accountId = ((await team.call(team.owner, 'listConnections')).body as ConnectionList).connections[0]!.platformUserId;
  const key = await uploadMedia(twin, team.workspaceId, { kind: 'image', body: tinyJpeg });
  const post = (description: string, extra: Record<string, unknown> = {}) => ({ description, media: [{ key }], targets: [{ platform: 'linkedin', accountId }], ...extra });
  return { team, account, key, post, editor: team.members.editor!, contributor: team.members.contributor!, viewer: team.members.viewer! };
}

const setRule = async (team: Team, approvalRule: ApprovalRule) => expect((await team.call(team.owner, 'updateWorkspace', { body: { approvalRule } })).status).toBe(200);
const feed = async (account: string) => (await sandboxControl(twin).feed('linkedin', account)).posts;
const notificationsOf = async (team: Team, user: TestUser) => ((await team.call(user, 'listNotifications')).body as NotificationList).notifications;
const getPost = async (team: Team, user: TestUser, postId: string) => (await team.call(user, 'getPost', { path: { postId } })).body as Post;
const messageOf = (answer: { body: unknown }) => String((answer.body as { message?: string } | undefined)?.message);

/** Polls the post until it is in one of `statuses` (the twin's executions run on the clock). */
async function waitFor(team: Team, user: TestUser, postId: string, statuses: Post['status'][], timeoutMs = 40_000): Promise<Post> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const post = await getPost(team, user, postId);
    if (statuses.includes(post.status)) return post;
    if (Date.now() > deadline) throw new Error(`Post ${postId} still ${post.status}, not ${statuses.join(' or ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.concurrent('approvals (API, workspace roles, PublishPost, sandbox)', () => {
  it('a contributor submits instead of publishing; the approvers are asked in the bell and by mail; another approves and it publishes once', async () => {
    const { team, account, post, editor, contributor, viewer } = await setUp('appr-now');

    const submitted = await team.call(contributor, 'createPost', { body: post('Please approve me') });
    expect(submitted.status, submitted.text).toBe(200);
    const draft = submitted.body as Post;
    expect(draft).toMatchObject({ status: 'draft', approval: { state: 'pending', submittedByEmail: contributor.email, publishes: 'now', decidedByEmail: null } });
    expect(await feed(account)).toEqual([]);

    // The approvers (owner, editor) are asked; the author and the viewer are not.
    for (const approver of [team.owner, editor]) {
      expect(await notificationsOf(team, approver)).toEqual([expect.objectContaining({ kind: 'approval_requested', postId: draft.postId, byEmail: contributor.email, readAt: null })]);
      expect(mailsTo(twin, approver.email).filter((mail) => mail.kind === 'approval')).toEqual([
        expect.objectContaining({ subject: expect.stringContaining(`${contributor.email} asks you to approve a post`), text: expect.stringContaining('/dashboard/approvals?workspace=') }),
      ]);
    }
    expect(await notificationsOf(team, contributor)).toEqual([]);
    expect(await notificationsOf(team, viewer)).toEqual([]);

    // It waits in the queue, and who may approve it is said.
    const queue = (await team.call(viewer, 'listApprovals')).body as ApprovalQueue;
    expect(queue.posts.map((item) => item.postId)).toEqual([draft.postId]);
    expect(queue.approverEmails.sort()).toEqual([team.owner.email, editor.email].sort());

    // Neither the author nor a viewer may decide; a viewer may not submit either.
    expect((await team.call(contributor, 'approvePost', { path: { postId: draft.postId }, body: {} })).status).toBe(403);
    const viewerPost = await team.call(viewer, 'createPost', { body: post('From a viewer') });
    expect(viewerPost.status).toBe(403);
    expect(messageOf(viewerPost)).toMatch(/\(viewer\) cannot write drafts/);

    const approved = await team.call(editor, 'approvePost', { path: { postId: draft.postId }, body: { comment: 'Lovely' } });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body).toMatchObject({ postId: draft.postId, approval: { state: 'approved', decidedByEmail: editor.email, note: 'Lovely' } });
    const done = await waitFor(team, editor, draft.postId, ['published', 'failed', 'partially_published']);
    expect(done).toMatchObject({ status: 'published', description: 'Please approve me' });
    expect(await feed(account)).toHaveLength(1);

    // Decided once: a second approval (the owner's) is refused in words; the author hears of it.
    const again = await team.call(team.owner, 'approvePost', { path: { postId: draft.postId }, body: {} });
    expect(again.status).toBe(409);
    expect(messageOf(again)).toMatch(/not submitted for approval|approved already/);
    expect(await notificationsOf(team, contributor)).toEqual([expect.objectContaining({ kind: 'post_approved', byEmail: editor.email, comment: 'Lovely' })]);
    expect(mailsTo(twin, contributor.email).at(-1)).toMatchObject({ kind: 'approval', subject: expect.stringContaining(`${editor.email} approved your post`) });
    expect(((await team.call(editor, 'listApprovals')).body as ApprovalQueue).posts).toEqual([]);
    expect(await feed(account)).toHaveLength(1);
  });

  it('follows the rule: an editor publishes at once with approvals for contributors; with approvals off a contributor is refused in words; with everyone an editor submits and cannot approve their own', async () => {
    const { team, account, post, editor, contributor } = await setUp('appr-rules');

    const direct = await team.call(editor, 'createPost', { body: post('Editor, no approval') });
    expect(direct.status, direct.text).toBe(200);
    expect(direct.body).toMatchObject({ status: 'publishing' });
    expect((direct.body as Post).approval).toBeUndefined();
    await waitFor(team, editor, (direct.body as Post).postId, ['published']);

    await setRule(team, 'off');
    const refused = await team.call(contributor, 'createPost', { body: post('Contributor, approvals off') });
    expect(refused.status).toBe(403);
    expect(messageOf(refused)).toBe('Your role in this workspace (contributor) cannot publish or schedule posts, and approvals are off here: save it as a draft; an editor publishes it.');
    // A draft is still theirs to write.
    expect((await team.call(contributor, 'createDraft', { body: { description: 'Saved instead', media: [], targets: [] } })).status).toBe(200);

    await setRule(team, 'everyone');
    const own = await team.call(editor, 'createPost', { body: post('Editor, everyone approves') });
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ status: 'draft', approval: { state: 'pending', submittedByEmail: editor.email } });
    const self = await team.call(editor, 'approvePost', { path: { postId: (own.body as Post).postId }, body: {} });
    expect(self.status).toBe(403);
    expect(messageOf(self)).toBe('You submitted this post, so you cannot decide it yourself: another member who may approve decides it.');
    expect((await team.call(team.owner, 'approvePost', { path: { postId: (own.body as Post).postId }, body: {} })).status).toBe(200);
    await waitFor(team, editor, (own.body as Post).postId, ['published']);
    expect(await feed(account)).toHaveLength(2);
  });

  it('asks for changes (in words), the author edits and resubmits, then it is approved; a rejection cancels', async () => {
    const { team, account, key, post, editor, contributor } = await setUp('appr-changes');
    const draft = (await team.call(contributor, 'createPost', { body: post('First try') })).body as Post;

    const silent = await team.call(editor, 'requestPostChanges', { path: { postId: draft.postId }, body: {} });
    expect(silent.status).toBe(400);
    expect(messageOf(silent)).toMatch(/Say what to change/);
    const asked = await team.call(editor, 'requestPostChanges', { path: { postId: draft.postId }, body: { comment: 'Say when the sale ends.' } });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.body).toMatchObject({ status: 'draft', approval: { state: 'changes_requested', note: 'Say when the sale ends.', decidedByEmail: editor.email } });
    expect(((await team.call(contributor, 'listPostComments', { path: { postId: draft.postId } })).body as PostCommentList).comments).toEqual([
      expect.objectContaining({ authorEmail: editor.email, text: 'Say when the sale ends.', decision: 'changes_requested' }),
    ]);
    expect(await notificationsOf(team, contributor)).toEqual([expect.objectContaining({ kind: 'changes_requested', comment: 'Say when the sale ends.' })]);
    // Nothing to approve until it is resubmitted.
    const early = await team.call(team.owner, 'approvePost', { path: { postId: draft.postId }, body: {} });
    expect(early.status).toBe(409);
    expect(messageOf(early)).toMatch(/Changes were asked for/);

    // The author edits (a draft save): back to pending, the approvers asked again, the comment kept.
    const edited = await team.call(contributor, 'updateDraft', { path: { postId: draft.postId }, body: { description: 'Second try: the sale ends Friday', media: [{ key, name: 'sale.jpg' }], targets: post('').targets } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ approval: { state: 'pending' } });
    expect((await notificationsOf(team, editor)).filter((item) => item.kind === 'approval_requested')).toHaveLength(2);
    expect(((await team.call(editor, 'listPostComments', { path: { postId: draft.postId } })).body as PostCommentList).comments).toHaveLength(1);

    expect((await team.call(editor, 'approvePost', { path: { postId: draft.postId }, body: {} })).status).toBe(200);
    const done = await waitFor(team, contributor, draft.postId, ['published']);
    expect(done.description).toBe('Second try: the sale ends Friday');
    expect(await feed(account)).toEqual([expect.objectContaining({ text: expect.stringContaining('the sale ends Friday') })]);

    // Rejected: cancelled, nothing published, and it can no longer be approved.
    const other = (await team.call(contributor, 'createPost', { body: post('Not this one') })).body as Post;
    const rejected = await team.call(editor, 'rejectPost', { path: { postId: other.postId }, body: { comment: 'Off brand.' } });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'cancelled', approval: { state: 'rejected', note: 'Off brand.' } });
    const late = await team.call(team.owner, 'approvePost', { path: { postId: other.postId }, body: {} });
    expect(late.status).toBe(409);
    expect(messageOf(late)).toMatch(/rejected/);
    expect((await notificationsOf(team, contributor)).map((item) => item.kind)).toContain('post_rejected');
    expect(await feed(account)).toHaveLength(1);
  });

  it('a scheduled submission publishes at its time only once approved; one still waiting fails at its time with the reason, and the author and approvers are told', async () => {
    const { team, account, post, editor, contributor } = await setUp('appr-time');
    const at = inMs(LEAD_MS);
    const approvedOne = (await team.call(contributor, 'createPost', { body: post('Approved in time', { scheduledFor: at, timeZone: ZONE }) })).body as Post;
    const waiting = (await team.call(contributor, 'createPost', { body: post('Never approved', { scheduledFor: at, timeZone: ZONE }) })).body as Post;
    expect(approvedOne).toMatchObject({ status: 'scheduled', approval: { state: 'pending', publishes: 'scheduled' } });

    // YouTube's own scheduling would upload before anyone approved: refused in words.
    const native = await team.call(contributor, 'createPost', { body: post('Native', { scheduledFor: at, timeZone: ZONE, youtubeNative: true }) });
    expect(native.status).toBe(400);

    expect((await team.call(editor, 'approvePost', { path: { postId: approvedOne.postId }, body: {} })).body).toMatchObject({ status: 'scheduled', approval: { state: 'approved' } });

    const published = await waitFor(team, editor, approvedOne.postId, ['published', 'failed']);
    expect(published.status).toBe('published');
    const missed = await waitFor(team, editor, waiting.postId, ['failed', 'published']);
    expect(missed).toMatchObject({ status: 'failed', approval: { state: 'expired' } });
    expect(missed.targets[0]!.error).toBe('Not published: it was still waiting for approval at its time. Duplicate it to submit it again.');
    expect(await feed(account)).toEqual([expect.objectContaining({ text: expect.stringContaining('Approved in time') })]);

    // Everyone in the workspace sees why (the author and the approvers among them); approving now is refused in words.
    for (const member of [contributor, editor, team.owner]) {
      expect(await notificationsOf(team, member)).toContainEqual(expect.objectContaining({ kind: 'approval_expired', postId: waiting.postId, postStatus: 'failed' }));
    }
    const tooLate = await team.call(editor, 'approvePost', { path: { postId: waiting.postId }, body: {} });
    expect(tooLate.status).toBe(409);
    expect(messageOf(tooLate)).toMatch(/Its time came while it was waiting for approval/);
  });

  it('a change to an approved scheduled post by someone who must submit sends it back to pending; an editor’s change does not', async () => {
    const { team, post, editor, contributor } = await setUp('appr-edit');
    const scheduled = (await team.call(contributor, 'createPost', { body: post('Scheduled', { scheduledFor: inMs(3_600_000), timeZone: ZONE }) })).body as Post;
    expect((await team.call(editor, 'approvePost', { path: { postId: scheduled.postId }, body: {} })).status).toBe(200);

    const byEditor = await team.call(editor, 'editPost', { path: { postId: scheduled.postId }, body: { description: 'Scheduled, polished', targets: post('').targets } });
    expect(byEditor.status, byEditor.text).toBe(200);
    expect(byEditor.body).toMatchObject({ description: 'Scheduled, polished', approval: { state: 'approved' } });

    const edited = await team.call(contributor, 'editPost', { path: { postId: scheduled.postId }, body: { description: 'Scheduled, changed after approval', targets: post('').targets } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ status: 'scheduled', description: 'Scheduled, changed after approval', approval: { state: 'pending', submittedByEmail: contributor.email } });

    expect((await team.call(editor, 'approvePost', { path: { postId: scheduled.postId }, body: {} })).status).toBe(200);
    const moved = await team.call(contributor, 'reschedulePost', { path: { postId: scheduled.postId }, body: { scheduledFor: inMs(7_200_000), timeZone: ZONE } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ approval: { state: 'pending' } });

    // With approvals off, a contributor may not change a scheduled post at all.
    await setRule(team, 'off');
    const refused = await team.call(contributor, 'editPost', { path: { postId: scheduled.postId }, body: { description: 'Again', targets: post('').targets } });
    expect(refused.status).toBe(403);
    expect(messageOf(refused)).toMatch(/save it as a draft; an editor publishes it/);
    // A rejection of a scheduled post cancels it and stops its execution.
    const rejected = await team.call(editor, 'rejectPost', { path: { postId: scheduled.postId }, body: {} });
    expect(rejected.body).toMatchObject({ status: 'cancelled', approval: { state: 'rejected' } });
  });

  it('comments: any member may comment; an @mention of a member notifies them, anyone else named is refused in words', async () => {
    const { team, post, editor, contributor, viewer } = await setUp('appr-comments');
    const draft = (await team.call(contributor, 'createPost', { body: post('Comment on me') })).body as Post;

    const comment = await team.call(viewer, 'addPostComment', { path: { postId: draft.postId }, body: { text: `Looks good, @${editor.email.toUpperCase()} can you check the logo?` } });
    expect(comment.status, comment.text).toBe(200);
    expect(comment.body).toMatchObject({ authorEmail: viewer.email, mentions: [editor.email], decision: null });
    expect(await notificationsOf(team, editor)).toContainEqual(expect.objectContaining({ kind: 'mentioned', postId: draft.postId, byEmail: viewer.email, comment: expect.stringContaining('the logo') }));
    expect((await notificationsOf(team, contributor)).map((item) => item.kind)).not.toContain('mentioned');

    const stranger = await team.call(viewer, 'addPostComment', { path: { postId: draft.postId }, body: { text: 'Ask @someone@example.com' } });
    expect(stranger.status).toBe(400);
    expect(messageOf(stranger)).toBe('@someone@example.com is not a member of this workspace: mention members only.');
    expect((await team.call(viewer, 'addPostComment', { path: { postId: draft.postId }, body: { text: '   ' } })).status).toBe(400);

    const thread = ((await team.call(contributor, 'listPostComments', { path: { postId: draft.postId } })).body as PostCommentList).comments;
    expect(thread.map((item: PostComment) => item.text)).toEqual([`Looks good, @${editor.email.toUpperCase()} can you check the logo?`]);
    // Reading marks only the reader's own notices.
    await team.call(editor, 'readNotifications');
    expect((await notificationsOf(team, team.owner)).some((item) => item.readAt === null)).toBe(true);
  });
});
