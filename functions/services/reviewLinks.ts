import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import {
  REVIEW_LINK_DEFAULT_DAYS,
  type ClientReview,
  type CreatedReviewLink,
  type CreateReviewLink,
  type Review,
  type ReviewLink,
  type ReviewPost,
  type ReviewScope,
} from '../../shared/api/review';
import { wallTimeToInstant } from '../../shared/scheduling';
import type { Clock } from '../clock';
import { DomainError, InvalidInput, NotFound } from '../errors';
import type { ActivityLog } from './activityLog';
import type { MediaLinks } from './mediaLinks';
import type { UserIdentity } from './memberships';
import { NOTIFICATION_PREFIX, toPost, userListKey, type PostItem } from './postStore';
import { WORKSPACE_RECORD, type WorkspaceItem } from './workspaces';
import { recordsWithPrefix } from './recordsWithPrefix';

/**
 * Review links, kept in the memberships table beside the workspace's members:
 * - `<workspaceId>` / "reviewLink#<linkId>": the link (label, scope, who made it, expiry, last
 *   opened, revoked) and the SHA-256 hash of its secret;
 * - `reviewToken#<sha256(token)>` / "reviewLink": where the secret's hash leads (the workspace and
 *   the link), the only way in from the public page.
 * The secret itself is answered once, when the link is made, and never stored.
 */
const LINK_PREFIX = 'reviewLink#';
const TOKEN_RECORD = 'reviewLink';
const DAY_MS = 86_400_000;
/** A post keeps at most this many client reviews (a flood through a leaked link stops there). */
export const MAX_CLIENT_REVIEWS_PER_POST = 200;

interface ReviewLinkItem {
  userId: string;
  record: string;
  linkId: string;
  label: string;
  scope: ReviewScope;
  tokenHash: string;
  createdBy: string;
  createdByEmail: string;
  createdAt: string;
  expiresAt: string;
  lastOpenedAt?: string;
  revokedAt?: string;
}

/** A link that no longer opens: expired or revoked, said in words (410 Gone). */
export class ReviewLinkClosed extends DomainError {
  constructor(message: string) {
    super(410, 'ReviewLinkClosed', message);
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const tokenKey = (token: string) => ({ userId: `reviewToken#${hashToken(token)}`, record: TOKEN_RECORD });

export interface ReviewLinkDeps {
  db: DynamoDBDocumentClient;
  membershipsTable: string;
  postsTable: string;
  connectionsTable: string;
  mediaLinks: Pick<MediaLinks, 'forPost'>;
  activity: Pick<ActivityLog, 'record'>;
  clock: Clock;
}

export function createReviewLinks({ db, membershipsTable, postsTable, connectionsTable, mediaLinks, activity, clock }: ReviewLinkDeps) {
  async function getPost(workspaceId: string, postId: string): Promise<PostItem | undefined> {
    if (postId.startsWith(NOTIFICATION_PREFIX)) return undefined;
    const { Item } = await db.send(new GetCommand({ TableName: postsTable, Key: { userId: workspaceId, postId }, ConsistentRead: true }));
    // Only a post (never another kind of row of the partition) and never a cancelled one.
    if (!Item || !Item['targets'] || Item['status'] === 'cancelled') return undefined;
    return Item as PostItem;
  }

  /** The instants a dates scope spans: from the first day's midnight to the end of the last, in its zone. */
  function spanOf(scope: Extract<ReviewScope, { type: 'dates' }>): { from: string; to: string } {
    const from = wallTimeToInstant({ date: scope.from, time: '00:00' }, scope.timeZone);
    const [year, month, day] = scope.to.split('-').map(Number) as [number, number, number];
    const next = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
    const to = wallTimeToInstant({ date: next, time: '00:00' }, scope.timeZone);
    return { from: from.toISOString(), to: new Date(to.getTime() - 1).toISOString() };
  }

  /** The posts a link shows now: its chosen posts that still exist, or the posts scheduled in its days. */
  async function postsOf(link: ReviewLinkItem): Promise<PostItem[]> {
    const workspaceId = link.userId;
    if (link.scope.type === 'posts') {
      const found = await Promise.all(link.scope.postIds.map((postId) => getPost(workspaceId, postId)));
      return found.filter((post): post is PostItem => post !== undefined);
    }
    const { from, to } = spanOf(link.scope);
    const posts: PostItem[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db.send(
        new QueryCommand({
          TableName: postsTable,
          IndexName: 'byList',
          KeyConditionExpression: 'userList = :list AND listAt BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':list': userListKey(workspaceId, 'scheduled'), ':from': from, ':to': to },
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      posts.push(...((page.Items ?? []) as PostItem[]));
      startKey = page.LastEvaluatedKey;
    } while (startKey && posts.length < 100);
    // The index is eventually consistent: each post is read again as it is now.
    const current = await Promise.all(posts.slice(0, 100).map((post) => getPost(workspaceId, post.postId)));
    return current.filter((post): post is PostItem => post !== undefined && post.status === 'scheduled');
  }

  async function accountsOf(post: PostItem): Promise<ReviewPost['accounts']> {
    return Promise.all(
      Object.values(post.targets).map(async (target) => {
        const { Item } = await db.send(
          new GetCommand({ TableName: connectionsTable, Key: { userId: post.userId, connectionId: target.connectionId }, ProjectionExpression: 'displayName, username, avatarUrl' }),
        );
        return { platform: target.platform, displayName: (Item?.['displayName'] as string | undefined) ?? target.accountName, username: (Item?.['username'] as string | undefined) ?? null, avatarUrl: (Item?.['avatarUrl'] as string | undefined) ?? null };
      }),
    );
  }

  /** The post as the client sees it: its previews' parts, nothing else. */
  async function toReviewPost(item: PostItem): Promise<ReviewPost> {
    const post = await mediaLinks.forPost(toPost(item));
    return {
      postId: post.postId,
      title: post.title,
      description: post.description,
      texts: post.texts ?? {},
      threads: post.threads ?? {},
      platforms: post.platforms,
      accounts: await accountsOf(item),
      media: post.media.map((media) => ({ kind: media.kind, url: media.url ?? '', thumbnailUrl: media.thumbnailUrl ?? null, name: media.name ?? '', altText: media.altText ?? null })),
      scheduledFor: post.scheduledFor,
      timeZone: post.timeZone,
      reviews: item.clientReviews ?? [],
    };
  }

  function statusOf(item: ReviewLinkItem): ReviewLink['status'] {
    if (item.revokedAt) return 'revoked';
    return item.expiresAt <= clock.now().toISOString() ? 'expired' : 'active';
  }

  function toLink(item: ReviewLinkItem): ReviewLink {
    return {
      linkId: item.linkId,
      label: item.label,
      scope: item.scope,
      createdByEmail: item.createdByEmail,
      createdAt: item.createdAt,
      expiresAt: item.expiresAt,
      lastOpenedAt: item.lastOpenedAt ?? null,
      revokedAt: item.revokedAt ?? null,
      status: statusOf(item),
    };
  }

  /** The link a secret opens, if it still opens; refused in words otherwise. */
  async function openLink(token: string): Promise<ReviewLinkItem> {
    const { Item: pointer } = await db.send(new GetCommand({ TableName: membershipsTable, Key: tokenKey(token), ConsistentRead: true }));
    const link = pointer
      ? ((await db.send(new GetCommand({ TableName: membershipsTable, Key: { userId: pointer['workspaceId'], record: `${LINK_PREFIX}${pointer['linkId']}` }, ConsistentRead: true }))).Item as ReviewLinkItem | undefined)
      : undefined;
    if (!link) throw new NotFound('This review link does not exist. Check that you opened the whole link you were sent, or ask for a new one.');
    if (link.revokedAt) throw new ReviewLinkClosed('This review link was withdrawn by the team that sent it. Ask them for a new one if you still need to review.');
    if (statusOf(link) === 'expired') throw new ReviewLinkClosed(`This review link expired on ${link.expiresAt.slice(0, 10)}. Ask the team that sent it for a new one.`);
    return link;
  }

  /** One of the link's posts, or a refusal: a link never reaches a post it does not show. */
  async function linkedPost(link: ReviewLinkItem, postId: string): Promise<PostItem> {
    const post = (await postsOf(link)).find((candidate) => candidate.postId === postId);
    if (!post) throw new NotFound('This post is not part of this review link (it may have been deleted or moved to another day).');
    return post;
  }

  async function addReview(link: ReviewLinkItem, post: PostItem, review: ClientReview): Promise<PostItem> {
    try {
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: postsTable,
          Key: { userId: post.userId, postId: post.postId },
          UpdateExpression: 'SET clientReviews = list_append(if_not_exists(clientReviews, :none), :review)',
          ConditionExpression: 'attribute_exists(postId) AND (attribute_not_exists(clientReviews) OR size(clientReviews) < :max)',
          ExpressionAttributeValues: { ':none': [], ':review': [review], ':max': MAX_CLIENT_REVIEWS_PER_POST },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes as PostItem;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      throw new ReviewLinkClosed(`This post has ${MAX_CLIENT_REVIEWS_PER_POST} reviews already: tell the team directly.`);
    }
  }

  async function review(token: string, postId: string, name: string, comment: string | null): Promise<ReviewPost> {
    const link = await openLink(token);
    const post = await linkedPost(link, postId);
    const decision = comment === null ? 'approved' : 'commented';
    const updated = await addReview(link, post, { name, decision, comment, at: clock.now().toISOString(), linkId: link.linkId });
    const text = (post.title ?? post.description).replace(/\s+/g, ' ').trim();
    await activity.record({
      workspaceId: link.userId,
      kind: decision === 'approved' ? 'review.approved' : 'review.commented',
      actor: { type: 'client', name, linkId: link.linkId },
      target: { postId, linkId: link.linkId, excerpt: text.length > 80 ? `${text.slice(0, 79)}…` : text },
    });
    return toReviewPost(updated);
  }

  return {
    /** A new link: its secret (32 random bytes) is answered once and stored only as its hash. */
    async create(workspaceId: string, person: UserIdentity, input: CreateReviewLink): Promise<CreatedReviewLink> {
      if (input.scope.type === 'posts') {
        const found = await Promise.all(input.scope.postIds.map((postId) => getPost(workspaceId, postId)));
        const missing = input.scope.postIds.filter((_postId, index) => !found[index]);
        if (missing.length) throw new InvalidInput(`These posts are not in this workspace (or were cancelled): ${missing.join(', ')}.`);
      }
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const linkId = ulid(now.getTime());
      const item: ReviewLinkItem = {
        userId: workspaceId,
        record: `${LINK_PREFIX}${linkId}`,
        linkId,
        label: input.label,
        scope: input.scope,
        tokenHash: hashToken(token),
        createdBy: person.userId,
        createdByEmail: person.email,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + (input.expiresInDays ?? REVIEW_LINK_DEFAULT_DAYS) * DAY_MS).toISOString(),
      };
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: membershipsTable, Item: item, ConditionExpression: 'attribute_not_exists(userId)' } },
            { Put: { TableName: membershipsTable, Item: { ...tokenKey(token), workspaceId, linkId }, ConditionExpression: 'attribute_not_exists(userId)' } },
          ],
        }),
      );
      return { ...toLink(item), token };
    },

    async list(workspaceId: string): Promise<{ links: ReviewLink[] }> {
      const items = await recordsWithPrefix<ReviewLinkItem>(db, membershipsTable, workspaceId, LINK_PREFIX, { newestFirst: true });
      return { links: items.map(toLink) };
    },

    /** Revokes a link: kept (listed as revoked, and its page says so) but never opened again. */
    async revoke(workspaceId: string, linkId: string): Promise<ReviewLink> {
      try {
        const { Attributes } = await db.send(
          new UpdateCommand({
            TableName: membershipsTable,
            Key: { userId: workspaceId, record: `${LINK_PREFIX}${linkId}` },
            UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
            ConditionExpression: 'attribute_exists(userId)',
            ExpressionAttributeValues: { ':now': clock.now().toISOString() },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return { ...toLink(Attributes as ReviewLinkItem), linkId };
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') throw new NotFound('This workspace has no such review link.');
        throw error;
      }
    },

    /** The public page: the link's posts, as their previews need them. */
    async open(token: string): Promise<Review> {
      const link = await openLink(token);
      await db.send(
        new UpdateCommand({ TableName: membershipsTable, Key: { userId: link.userId, record: link.record }, UpdateExpression: 'SET lastOpenedAt = :now', ExpressionAttributeValues: { ':now': clock.now().toISOString() } }),
      );
      const { Item: workspace } = await db.send(new GetCommand({ TableName: membershipsTable, Key: { userId: link.userId, record: WORKSPACE_RECORD } }));
      const posts = await postsOf(link);
      posts.sort((a, b) => (a.scheduledFor ?? a.createdAt).localeCompare(b.scheduledFor ?? b.createdAt));
      const named = workspace as WorkspaceItem | undefined;
      return {
        label: link.label,
        // A personal workspace has no name (nor, before its owner first lists workspaces, a record): its owner made the link.
        workspaceName: named?.name || named?.ownerEmail || link.createdByEmail,
        expiresAt: link.expiresAt,
        posts: await Promise.all(posts.map(toReviewPost)),
      };
    },

    approve: (token: string, postId: string, name: string) => review(token, postId, name, null),
    comment: (token: string, postId: string, name: string, comment: string) => review(token, postId, name, comment),
  };
}

export type ReviewLinks = ReturnType<typeof createReviewLinks>;
