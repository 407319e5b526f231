import { createS3Media } from '../media/s3Media';
import { createConnectionStore, tokensUnavailable } from '../services/connectionStore';
import { createMediaLinks, type MediaLinks } from '../services/mediaLinks';
import { createPostDeletion, type PostDeletionService } from '../services/postDeletion';
import { createPostMedia, type PostMedia } from '../services/postMedia';
import { createDraftGuard } from '../services/draftGuard';
import { createDraftService, type DraftService } from '../services/postDrafts';
import { createPostService, type PostService } from '../services/posts';
import { createApprovalService, type ApprovalService } from '../services/approvals';
import { mail } from './mail';
import { workspaces } from './workspaces';
import { webhookEventsFor } from './webhookEvents';
import { memberships, storageQuota } from './memberships';
import { postStore } from './postStore';
import { executions } from './publishing';
import { s3Client } from './s3';
import { bucketName, clock, createLogger, documentClient, siteUrl, tableName } from './shared';

let chosenMedia: PostMedia | undefined;
/** The files posts and drafts take, described once at their upload's completion. */
function postMedia(): PostMedia {
  return (chosenMedia ??= createPostMedia({ media: createS3Media(s3Client(), bucketName('media')), quota: storageQuota() }));
}

let service: PostService | undefined;
/**
 * Posts: create, schedule, edit, retry, cancel. It reads connections but never their tokens
 * (tokensUnavailable): publishing reads them, in the platform's own function.
 */
export function postService(): PostService {
  if (service) return service;
  const db = documentClient();
  service = createPostService({
    db,
    posts: postStore(),
    connections: createConnectionStore({ db, tableName: tableName('connections'), cipher: tokensUnavailable, clock }),
    memberships: memberships(),
    media: postMedia(),
    executions: executions(),
    clock,
    log: createLogger('posts-service'),
  });
  return service;
}

let deletion: PostDeletionService | undefined;
/** Deleting a post, and its media when asked and no other post uses them. */
export function postDeletion(): PostDeletionService {
  return (deletion ??= createPostDeletion({
    db: documentClient(),
    postsTable: tableName('posts'),
    s3: s3Client(),
    mediaBucket: bucketName('media'),
    quota: storageQuota(),
    clock,
  }));
}

let links: MediaLinks | undefined;
/** Presigned URLs for the media and thumbnails of the posts the API answers. */
export function mediaLinks(): MediaLinks {
  return (links ??= createMediaLinks({ s3: s3Client(), bucket: bucketName('media'), clock }));
}

let drafts: DraftService | undefined;
/** Drafts: saved, updated and duplicated without publishing (publishing one is the post service's). */
export function draftService(): DraftService {
  if (drafts) return drafts;
  const db = documentClient();
  drafts = createDraftService({
    db,
    posts: postStore(),
    connections: createConnectionStore({ db, tableName: tableName('connections'), cipher: tokensUnavailable, clock }),
    media: postMedia(),
    guard: createDraftGuard({ db, tableName: tableName('memberships') }),
    clock,
  });
  return drafts;
}

let approvalService: ApprovalService | undefined;
/** Approvals and comments: the workspace's rule and members (memberships table), and mail to approvers and authors. */
export function approvals(): ApprovalService {
  return (approvalService ??= createApprovalService({
    posts: postStore(),
    postService: postService(),
    drafts: draftService(),
    executions: executions(),
    workspaces: workspaces(),
    mailer: { send: (message) => mail().send(message) },
    clock,
    siteUrl,
    log: createLogger('approvals'),
    webhooks: webhookEventsFor(process.env, documentClient(), clock),
  }));
}

