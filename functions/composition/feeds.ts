import { createPostSchema, type CreatePost } from '../../shared/api/posts';
import { Conflict, InvalidInput } from '../errors';
import { checkOutboundAddress, createOutboundFetch, OutboundRefused, outboundAllowedOrigins, type OutboundRule } from '../http/outbound';
import { createConnectionStore, tokensUnavailable } from '../services/connectionStore';
import { AddressRefused, createFeedService, type FeedOwner, type FeedService } from '../services/feeds';
import type { PostItem, PostStore } from '../services/postStore';
import type { QueueService } from '../services/queue';
import type { WorkspaceService } from '../services/workspaces';
import { draftService } from './posts';
import { postStore } from './postStore';
import { queueService } from './queue';
import { clock, documentClient, tableName } from './shared';
import { uploadService } from './uploads';
import { workspaces } from './workspaces';

/** A feed is read whole: at most 2 MiB, within 20 seconds. */
const FEED_RULE: Pick<OutboundRule, 'maxBytes' | 'timeoutMs'> = { maxBytes: 2 * 1024 * 1024, timeoutMs: 20_000 };

/** The rule's refusal as the feed service's own error (services do not import the HTTP layer). */
async function refusedInWords<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw error instanceof OutboundRefused ? new AddressRefused(error.message) : error;
  }
}

/** The feed service's fetch and address check under the rule (the twin's and the tests' too). */
export function feedOutbound(rule: OutboundRule) {
  const outboundFetch = createOutboundFetch(rule);
  return {
    fetch: (url: string, init: RequestInit) => refusedInWords(outboundFetch(url, init)),
    checkAddress: (url: string) => refusedInWords(checkOutboundAddress(url, rule)),
  };
}

/** A draft as POST /drafts/{id}/publish with `queue` takes it (the bulk bar's "Move to the queue" sends the same). */
export function queuedSubmission(draft: PostItem): CreatePost {
  const parsed = createPostSchema.safeParse({
    description: draft.description,
    ...(draft.title ? { title: draft.title } : {}),
    ...(draft.texts ? { texts: draft.texts } : {}),
    ...(draft.threads ? { threads: draft.threads } : {}),
    ...(draft.firstComment ? { firstComment: draft.firstComment } : {}),
    targets: Object.values(draft.targets).map((target) => ({ platform: target.platform, accountId: target.accountId, ...(target.options ? { options: target.options } : {}) })),
    media: draft.media.map((file) => ({ key: file.key, ...(file.altText ? { altText: file.altText } : {}) })),
    queue: {},
  });
  if (!parsed.success) throw new InvalidInput(parsed.error.issues.map((issue) => issue.message).join(' '));
  return parsed.data;
}

/**
 * The queue mode's step: a feed's draft put into its accounts' queues as the person who followed
 * the feed would ("Add to queue" with the draft: the queue service, approvals, the workspace's
 * rule), with their role as it is now (a member removed meanwhile is refused in words).
 */
export function feedQueue(deps: { posts: Pick<PostStore, 'get'>; queue: Pick<QueueService, 'add'>; workspaces: Pick<WorkspaceService, 'access'> }) {
  return {
    async add(feed: FeedOwner, postId: string): Promise<'queued' | 'gone'> {
      const draft = await deps.posts.get(feed.workspaceId, postId);
      if (draft?.status !== 'draft') return 'gone';
      const caller = { userId: feed.createdBy, email: feed.createdByEmail };
      const workspace = await deps.workspaces.access(caller, feed.workspaceId);
      const user = { userId: feed.workspaceId, email: feed.createdByEmail };
      try {
        await deps.queue.add({ user, caller, workspace }, queuedSubmission(draft), { draftId: postId });
        return 'queued';
      } catch (error) {
        // Queued meanwhile by another fetch: the draft is a post now.
        if (error instanceof Conflict && (await deps.posts.get(feed.workspaceId, postId))?.status !== 'draft') return 'gone';
        throw error;
      }
    },
  };
}

let service: FeedService | undefined;
/**
 * Feeds to drafts: the memberships table (feeds, markers, the drafts' guard, the storage quota),
 * posts, connections (names), the media bucket (an item's image, taken as POST /uploads/from-url
 * takes a file) and, for the queue mode, the queue service (which may start publishing).
 */
export function feedService(): FeedService {
  if (service) return service;
  const db = documentClient();
  const connections = createConnectionStore({ db, tableName: tableName('connections'), cipher: tokensUnavailable, clock });
  const rule: OutboundRule = { ...FEED_RULE, allowedOrigins: outboundAllowedOrigins(process.env) };
  service = createFeedService({
    db,
    tableName: tableName('memberships'),
    ...feedOutbound(rule),
    accounts: async (userId) => (await connections.list(userId)).map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId })),
    drafts: draftService(),
    images: { take: (user, input, keyPart) => uploadService().fromUrl(user, input, { keyPart }) },
    queue: feedQueue({ posts: postStore(), queue: queueService(), workspaces: workspaces() }),
    clock,
  });
  return service;
}
