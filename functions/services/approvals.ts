import { ulid } from 'ulid';
import { postDecision, roleMay } from '../../shared/api/authorization';
import { MAX_POST_COMMENTS, mentionedEmails, waitingApprovalStates, type ApprovalState, type PostComment, type PostCommentList } from '../../shared/api/approvals';
import type { NotificationKind } from '../../shared/api/notifications';
import { createPostSchema, type ApprovalQueue, type CreatePost, type EditPost, type Post, type ReschedulePost, type SaveDraft } from '../../shared/api/posts';
import type { ApprovalRule, WorkspaceRole } from '../../shared/api/workspaces';
import type { Clock } from '../clock';
import { Conflict, Forbidden, InvalidInput, NotFound, QuotaExceeded } from '../errors';
import type { DraftService } from './postDrafts';
import type { PublishExecutions } from './executions';
import type { Mailer } from './mailer';
import type { UserIdentity } from './memberships';
import { NOTIFICATION_PREFIX, toPost, type ApprovalItem, type CommentItem, type PostItem, type PostStore } from './postStore';
import type { CreateOptions, PostService } from './posts';
import type { WebhookEvents } from './webhookEvents';

/** What the queue adds to a created post (functions/services/queue.ts). */
type QueuedCreate = Pick<CreateOptions, 'queue' | 'draftId'>;
import type { WorkspaceAccess } from './workspaces';

/** A workspace's name, rule and members (functions/services/workspaces.ts team). */
export interface ApprovalTeam {
  team(workspaceId: string): Promise<{ name: string; approvalRule: ApprovalRule; members: Array<{ userId: string; email: string; role: WorkspaceRole }> }>;
}

export interface ApprovalServiceDeps {
  posts: PostStore;
  postService: PostService;
  drafts: DraftService;
  executions: Pick<PublishExecutions, 'stop'>;
  workspaces: ApprovalTeam;
  mailer: Mailer;
  clock: Clock;
  /** The site's origin, for the links in the mail. */
  siteUrl: () => string;
  log?: { warn(message: string, extra: Record<string, unknown>): void };
  /** The workspace's webhooks: post.needs_approval on each submission, post.approved on approval. */
  webhooks?: Pick<WebhookEvents, 'postSubmitted' | 'postApproved'>;
}

/** Who acts: the workspace (the data's partition), the person, and their role in it. */
export interface Acting {
  user: UserIdentity;
  caller: UserIdentity;
  workspace: WorkspaceAccess;
}

const excerpt = (post: Pick<PostItem, 'title' | 'description'>) => {
  const text = post.title ?? post.description;
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
};

/** A contributor with approvals off: there is no one to submit to. */
export function refusedInWords(role: WorkspaceRole): string {
  return `Your role in this workspace (${role}) cannot publish or schedule posts, and approvals are off here: save it as a draft; an editor publishes it.`;
}

/** Why a decision cannot be taken on a post whose approval is in this state. */
function notWaiting(state: ApprovalState | undefined, status: PostItem['status']): string {
  switch (state) {
    case undefined:
      return 'This post was not submitted for approval.';
    case 'approved':
      return status === 'draft' ? 'This post is approved already.' : 'This post is approved already: it publishes at its time.';
    case 'rejected':
      return 'This post was rejected: it is cancelled.';
    case 'expired':
      return 'Its time came while it was waiting for approval: it was not published. Its author can duplicate it and submit it again.';
    case 'changes_requested':
      return 'Changes were asked for: its author edits it and submits it again, then it can be approved.';
    case 'pending':
      return 'This post is waiting for approval.';
  }
}

/**
 * Approvals and comments (docs/publishing.md "Approvals"). What a post becomes is decided by
 * postDecision (shared/api/authorization.ts) from the workspace's rule and the caller's role:
 *
 * - submitted to publish now: checked as a post would be, then stored as a draft carrying its
 *   approval and the full request;
 *   approving publishes that request through the draft path (the draft becomes the post, same
 *   id, once: the write is conditional on the draft still waiting, as the approver read it);
 * - submitted for a time: a scheduled post (its execution started) carrying a pending approval;
 *   approving is one conditional update, and the engine publishes it only if approved by then
 *   (postStore.claimTarget; publishing.ts fails it with the reason otherwise).
 */
export function createApprovalService(deps: ApprovalServiceDeps) {
  const { posts, postService, drafts, executions, workspaces, mailer, clock, siteUrl } = deps;

  async function load(user: UserIdentity, postId: string): Promise<PostItem> {
    const post = await posts.get(user.userId, postId);
    if (!post || post.postId.startsWith(NOTIFICATION_PREFIX)) throw new NotFound('Post not found');
    return post;
  }

  async function decisionOf({ workspace }: Acting) {
    const team = workspace.personal ? undefined : await workspaces.team(workspace.workspaceId);
    return { decision: postDecision(team?.approvalRule ?? 'off', workspace.role), team };
  }

  const approvalLink = (workspaceId: string) => `${siteUrl()}/dashboard/approvals?workspace=${workspaceId}`;

  const submitted = ({ caller }: Acting, publishes: ApprovalItem['publishes'], request?: CreatePost): ApprovalItem => ({
    state: 'pending',
    submittedBy: caller.userId,
    submittedByEmail: caller.email,
    submittedAt: clock.now().toISOString(),
    publishes,
    ...(request ? { request } : {}),
  });

  /** One notification for one member (or, without recipient, for everyone in the workspace). */
  async function notify(workspaceId: string, post: PostItem, kind: NotificationKind, recipientId: string | undefined, by: string, comment?: string) {
    const id = ulid(clock.now().getTime());
    await posts.putNotification({
      userId: workspaceId,
      postId: `${NOTIFICATION_PREFIX}${post.postId}#${kind}#${id}${recipientId ? `#${recipientId}` : ''}`,
      notificationId: `${post.postId}.${kind}.${id}${recipientId ? `.${recipientId}` : ''}`,
      kind,
      postStatus: post.status,
      excerpt: excerpt(post),
      scheduledFor: post.scheduledFor ?? null,
      failures: [],
      byEmail: by,
      ...(comment ? { comment } : {}),
      createdAt: clock.now().toISOString(),
      ...(recipientId ? { recipientId } : {}),
    });
  }

  /** Mail is a courtesy beside the bell: a failed send is logged, the decision stands. */
  async function mail(to: string, subject: string, text: string) {
    try {
      await mailer.send({ to, subject, text, kind: 'approval' });
    } catch (error) {
      deps.log?.warn('Sending an approval mail failed', { error: (error as Error).message });
    }
  }

  /** The approvers (every member whose role may approve, but the submitter) hear of a submission in the bell and by mail. */
  async function askApprovers(acting: Acting, post: PostItem) {
    const team = await workspaces.team(acting.workspace.workspaceId);
    const approvers = team.members.filter((member) => roleMay(member.role, 'approve') && member.userId !== acting.caller.userId);
    await deps.webhooks?.postSubmitted(post);
    const when = post.scheduledFor ? `at ${post.scheduledFor.replace('T', ' ').slice(0, 16)} UTC` : 'as soon as it is approved';
    for (const approver of approvers) {
      await notify(acting.workspace.workspaceId, post, 'approval_requested', approver.userId, acting.caller.email);
      await mail(
        approver.email,
        `${acting.caller.email} asks you to approve a post in ${team.name}`,
        `${acting.caller.email} submitted a post for approval in the workspace "${team.name}" on OneClick. It publishes ${when}.\n\n` +
          `"${excerpt(post)}"\n\n` +
          `Approve it, ask for changes or reject it: ${approvalLink(acting.workspace.workspaceId)}\n` +
          (post.scheduledFor ? `If nobody approves it before its time, it is not published.\n` : ''),
      );
    }
  }

  /** The author hears of a decision in the bell and by mail. */
  async function tellAuthor(acting: Acting, post: PostItem, kind: 'post_approved' | 'changes_requested' | 'post_rejected', comment: string | undefined) {
    const approval = post.approval!;
    await notify(acting.workspace.workspaceId, post, kind, approval.submittedBy, acting.caller.email, comment);
    const words = { post_approved: 'approved', changes_requested: 'asked for changes to', post_rejected: 'rejected' }[kind];
    const team = await workspaces.team(acting.workspace.workspaceId);
    await mail(
      approval.submittedByEmail,
      `${acting.caller.email} ${words} your post in ${team.name}`,
      `${acting.caller.email} ${words} your post in the workspace "${team.name}" on OneClick.\n\n"${excerpt(post)}"\n\n` +
        (comment ? `Their comment: ${comment}\n\n` : '') +
        (kind === 'changes_requested' ? `Edit it and submit it again: ${siteUrl()}/dashboard/approvals?workspace=${acting.workspace.workspaceId}\n` : ''),
    );
  }

  /** A comment on the thread (and its mentions' notifications); `decision` marks the one a decision came with. */
  async function addComment(acting: Acting, post: PostItem, text: string, decision: PostComment['decision']): Promise<PostComment> {
    const emails = mentionedEmails(text);
    let mentioned: Array<{ userId: string; email: string }> = [];
    if (emails.length) {
      const members = acting.workspace.personal ? [{ userId: acting.caller.userId, email: acting.caller.email }] : (await workspaces.team(acting.workspace.workspaceId)).members;
      const strangers = emails.filter((email) => !members.some((member) => member.email.toLowerCase() === email));
      if (strangers.length) {
        throw new InvalidInput(`${strangers.map((email) => `@${email}`).join(', ')} ${strangers.length > 1 ? 'are not members' : 'is not a member'} of this workspace: mention members only.`, [
          { path: 'text', message: 'Mention members only.' },
        ]);
      }
      mentioned = members.filter((member) => emails.includes(member.email.toLowerCase()));
    }
    const comment: CommentItem = {
      commentId: ulid(clock.now().getTime()),
      authorId: acting.caller.userId,
      authorEmail: acting.caller.email,
      text,
      mentions: mentioned.map((member) => member.email),
      decision,
      createdAt: clock.now().toISOString(),
    };
    if (!(await posts.addComment(post, comment, MAX_POST_COMMENTS))) {
      if (!(await posts.get(post.userId, post.postId))) throw new NotFound('Post not found');
      throw new QuotaExceeded(`A post keeps at most ${MAX_POST_COMMENTS} comments, and this one has them: continue the conversation elsewhere.`);
    }
    for (const member of mentioned) {
      if (member.userId !== acting.caller.userId) await notify(acting.workspace.workspaceId, post, 'mentioned', member.userId, acting.caller.email, text);
    }
    return toComment(comment);
  }

  function toComment(item: CommentItem): PostComment {
    return { commentId: item.commentId, authorEmail: item.authorEmail, text: item.text, mentions: item.mentions, decision: item.decision, createdAt: item.createdAt };
  }

  /** The approver decides someone else's submission, and it must still be waiting for a decision. */
  function assertDecidable(acting: Acting, post: PostItem, from: readonly ApprovalState[]) {
    if (!post.approval || !from.includes(post.approval.state) || (post.status !== 'draft' && post.status !== 'scheduled')) {
      throw new Conflict(notWaiting(post.approval?.state, post.status));
    }
    if (post.approval.submittedBy === acting.caller.userId) {
      throw new Forbidden('You submitted this post, so you cannot decide it yourself: another member who may approve decides it.');
    }
  }

  /** A conditional decision that lost to another change: says what happened instead. */
  async function lostRace(acting: Acting, postId: string): Promise<never> {
    const latest = await load(acting.user, postId);
    throw new Conflict(`${notWaiting(latest.approval?.state, latest.status)} (It changed while you were deciding.)`);
  }

  /** The draft fields a submitted post shows in the wizard (files keep the names the draft gave them). */
  function draftOf(input: CreatePost, names: Map<string, string>): SaveDraft {
    return {
      description: input.description,
      ...(input.texts ? { texts: input.texts } : {}),
      ...(input.threads ? { threads: input.threads } : {}),
      ...(input.firstComment ? { firstComment: input.firstComment } : {}),
      ...(input.title ? { title: input.title } : {}),
      targets: input.targets,
      media: input.media.map((file) => ({ key: file.key, ...(names.get(file.key) ? { name: names.get(file.key)! } : {}), ...(file.altText ? { altText: file.altText } : {}) })),
    };
  }

  /** Submits a post to publish now: a draft (new, or the one given) carrying the request. */
  async function submitNow(acting: Acting, input: CreatePost, draft?: PostItem): Promise<Post> {
    // Refused now, in words, rather than when an approver approves it.
    await postService.check(acting.user, input);
    const names = new Map((draft?.media ?? []).flatMap((file) => (file.name ? [[file.key, file.name] as const] : [])));
    const approval = submitted(acting, 'now', input);
    const post = draft ? await drafts.update(acting.user, draft.postId, draftOf(input, names), { approval, expected: draft }) : await drafts.create(acting.user, draftOf(input, names), { approval });
    const item = await load(acting.user, post.postId);
    await askApprovers(acting, item);
    return toPost(item);
  }

  async function submit(acting: Acting, input: CreatePost, draft?: PostItem, options: QueuedCreate = {}): Promise<Post> {
    if (!input.scheduledFor) return submitNow(acting, input, draft);
    const created = draft
      ? await postService.publishDraft(acting.user, draft.postId, input, submitted(acting, 'scheduled'))
      : await postService.create(acting.user, input, { ...options, approval: submitted(acting, 'scheduled') });
    await askApprovers(acting, await load(acting.user, created.postId));
    return created;
  }

  return {
    /** What creating a post would do for this person here (an import's dry run says it per row): publish, submit, or refuse in words. */
    async decision(acting: Acting): Promise<'publish' | 'submit'> {
      const { decision } = await decisionOf(acting);
      if (decision === 'refuse') throw new Forbidden(refusedInWords(acting.workspace.role));
      return decision;
    },

    /**
     * POST /posts: published or scheduled, submitted for approval, or refused in words.
     * `options`: a queued post's mark, and the draft it comes from (functions/services/queue.ts).
     */
    async create(acting: Acting, input: CreatePost, options: QueuedCreate = {}): Promise<Post> {
      const { decision } = await decisionOf(acting);
      if (decision === 'refuse') throw new Forbidden(refusedInWords(acting.workspace.role));
      if (decision === 'submit') return submit(acting, input, undefined, options);
      return postService.create(acting.user, input, options);
    },

    /** POST /drafts/{id}/publish: the same decision; a submitted draft sent back for changes is resubmitted. */
    async publishDraft(acting: Acting, postId: string, input: CreatePost): Promise<Post> {
      const { decision } = await decisionOf(acting);
      if (decision === 'refuse') throw new Forbidden(refusedInWords(acting.workspace.role));
      if (decision === 'publish') return postService.publishDraft(acting.user, postId, input);
      const draft = await load(acting.user, postId);
      if (draft.status !== 'draft') throw new Conflict('This draft has been published already (or deleted): see Posts or Scheduled.');
      return submit(acting, input, draft);
    },

    /**
     * PUT /drafts/{id}: a draft that carries a waiting approval keeps its request in step with
     * what is saved (approving publishes what the approver sees); saved by someone who must
     * submit, it goes back to pending and the approvers are asked again.
     */
    async updateDraft(acting: Acting, postId: string, input: SaveDraft): Promise<Post> {
      const draft = await load(acting.user, postId);
      const approval = draft.approval;
      if (!approval?.request || !(waitingApprovalStates as readonly string[]).includes(approval.state)) return drafts.update(acting.user, postId, input);
      const { decision } = await decisionOf(acting);
      const request: CreatePost = {
        ...approval.request,
        description: input.description,
        texts: input.texts,
        threads: input.threads,
        firstComment: input.firstComment,
        title: input.title,
        targets: input.targets,
        media: input.media.map((file) => ({ key: file.key, ...(file.altText ? { altText: file.altText } : {}) })),
      };
      const resubmitted = decision === 'submit';
      const next: ApprovalItem = resubmitted ? submitted(acting, 'now', request) : { ...approval, request };
      const saved = await drafts.update(acting.user, postId, input, { approval: next, expected: draft });
      if (resubmitted) await askApprovers(acting, await load(acting.user, postId));
      return saved;
    },

    /** PUT /posts/{id}: an edit by someone who must submit is a submission (back to pending, approvers asked). */
    async edit(acting: Acting, postId: string, input: EditPost): Promise<Post> {
      const { decision } = await decisionOf(acting);
      if (decision === 'refuse') throw new Forbidden(refusedInWords(acting.workspace.role));
      if (decision === 'publish') return postService.edit(acting.user, postId, input);
      const edited = await postService.edit(acting.user, postId, input, submitted(acting, 'scheduled'));
      await askApprovers(acting, await load(acting.user, postId));
      return edited;
    },

    /** POST /posts/{id}/reschedule: the same rule as an edit. */
    async reschedule(acting: Acting, postId: string, input: ReschedulePost): Promise<Post> {
      const { decision } = await decisionOf(acting);
      if (decision === 'refuse') throw new Forbidden(refusedInWords(acting.workspace.role));
      if (decision === 'publish') return postService.reschedule(acting.user, postId, input);
      const moved = await postService.reschedule(acting.user, postId, input, submitted(acting, 'scheduled'));
      await askApprovers(acting, await load(acting.user, postId));
      return moved;
    },

    /** Approves a pending post: now, the draft becomes the post (once); scheduled, it publishes at its time. */
    async approve(acting: Acting, postId: string, comment: string | undefined): Promise<Post> {
      const post = await load(acting.user, postId);
      assertDecidable(acting, post, ['pending']);
      const approval = post.approval!;
      const approved: ApprovalItem = {
        ...approval,
        state: 'approved',
        decidedBy: acting.caller.userId,
        decidedByEmail: acting.caller.email,
        decidedAt: clock.now().toISOString(),
        ...(comment ? { note: comment } : {}),
      };
      let result: Post;
      if (post.status === 'draft') {
        const parsed = createPostSchema.safeParse(approval.request);
        if (!parsed.success) {
          throw new InvalidInput(`The submitted post no longer meets the rules: ${parsed.error.issues.map((issue) => issue.message).join(' ')} Ask its author for changes.`);
        }
        const { request: _request, ...kept } = approved;
        result = await postService.create(acting.user, parsed.data, { draftId: postId, approval: kept, draftUpdatedAt: post.updatedAt, ...(post.comments ? { comments: post.comments } : {}) }).catch(async (error: unknown) => {
          if (error instanceof Conflict) await lostRace(acting, postId);
          throw error;
        });
      } else {
        if (!(await posts.decideApproval(post, approved, { from: ['pending'], statuses: ['scheduled'] }))) await lostRace(acting, postId);
        result = toPost(await load(acting.user, postId));
      }
      if (comment) await addComment(acting, post, comment, 'approved');
      await tellAuthor(acting, post, 'post_approved', comment);
      await deps.webhooks?.postApproved(await load(acting.user, postId));
      return result;
    },

    /** Sends a pending post back to its author with what to change (the comment is required). */
    async requestChanges(acting: Acting, postId: string, comment: string | undefined): Promise<Post> {
      if (!comment) throw new InvalidInput('Say what to change: the author reads it with the post.', [{ path: 'comment', message: 'Say what to change.' }]);
      const post = await load(acting.user, postId);
      assertDecidable(acting, post, ['pending']);
      const next: ApprovalItem = { ...post.approval!, state: 'changes_requested', decidedBy: acting.caller.userId, decidedByEmail: acting.caller.email, decidedAt: clock.now().toISOString(), note: comment };
      if (!(await posts.decideApproval(post, next, { from: ['pending'], statuses: [post.status] }))) await lostRace(acting, postId);
      await addComment(acting, post, comment, 'changes_requested');
      await tellAuthor(acting, post, 'changes_requested', comment);
      return toPost(await load(acting.user, postId));
    },

    /** Rejects a post still waiting: it is cancelled (a scheduled one's execution is stopped). */
    async reject(acting: Acting, postId: string, comment: string | undefined): Promise<Post> {
      const post = await load(acting.user, postId);
      assertDecidable(acting, post, waitingApprovalStates);
      const next: ApprovalItem = { ...post.approval!, state: 'rejected', decidedBy: acting.caller.userId, decidedByEmail: acting.caller.email, decidedAt: clock.now().toISOString(), ...(comment ? { note: comment } : {}) };
      if (!(await posts.decideApproval(post, next, { from: waitingApprovalStates, statuses: [post.status], cancel: true }))) await lostRace(acting, postId);
      const current = post.currentExecution;
      if (post.status === 'scheduled' && current) {
        // Harmless if it fails: a cancelled post's execution claims nothing (postStore.claimTarget).
        await executions.stop(current, 'Rejected by an approver').catch((error: unknown) => deps.log?.warn('Stopping a rejected post\'s execution failed', { postId, error: (error as Error).message }));
      }
      if (comment) await addComment(acting, post, comment, 'rejected');
      await tellAuthor(acting, post, 'post_rejected', comment);
      return toPost(await load(acting.user, postId));
    },

    /** GET /approvals: the posts waiting (pending first, oldest submission first) and who may decide them. */
    async queue(acting: Acting): Promise<ApprovalQueue> {
      const waiting: PostItem[] = [];
      for (const list of ['draft', 'scheduled'] as const) {
        let startKey: Record<string, unknown> | undefined;
        do {
          const page = await posts.page(acting.user.userId, list, { limit: 100, ...(startKey ? { startKey } : {}) });
          waiting.push(...page.posts.filter((post) => post.approval && (waitingApprovalStates as readonly string[]).includes(post.approval.state)));
          startKey = page.nextKey;
        } while (startKey);
      }
      const order = (post: PostItem) => (post.approval!.state === 'pending' ? 0 : 1);
      waiting.sort((a, b) => order(a) - order(b) || a.approval!.submittedAt.localeCompare(b.approval!.submittedAt));
      const team = acting.workspace.personal ? undefined : await workspaces.team(acting.workspace.workspaceId);
      const approverEmails = (team?.members ?? []).filter((member) => roleMay(member.role, 'approve')).map((member) => member.email);
      return { posts: waiting.map(toPost), approverEmails };
    },

    async comments(acting: Acting, postId: string): Promise<PostCommentList> {
      return { comments: ((await load(acting.user, postId)).comments ?? []).map(toComment) };
    },

    async comment(acting: Acting, postId: string, text: string): Promise<PostComment> {
      return addComment(acting, await load(acting.user, postId), text, null);
    },
  };
}

export type ApprovalService = ReturnType<typeof createApprovalService>;
