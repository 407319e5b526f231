import { SFNClient } from '@aws-sdk/client-sfn';
import { readBucketNames, readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, createS3Client } from '../composition';
import { createHttpHandler } from '../http/httpHandler';
import { createS3Media } from '../media/s3Media';
import { readPublishingTargets } from '../publishingConfig';
import { createConnectionStore } from '../services/connectionStore';
import { createSfnExecutions } from '../services/executions';
import { createMembershipService } from '../services/memberships';
import { createPostStore } from '../services/postStore';
import { createPostService } from '../services/posts';
import { createPostDeletion } from '../services/postDeletion';
import { createStorageQuota } from '../services/storageQuota';
import { tokensUnavailable } from '../services/tokenCipher';

const db = createDocumentClient();
const tables = readTableNames(process.env, ['memberships', 'connections', 'posts']);
const buckets = readBucketNames(process.env, ['media']);
const { stateMachineArn } = readPublishingTargets(process.env);
const posts = createPostService({
  db,
  posts: createPostStore({ db, tableName: tables.posts, clock: systemClock }),
  connections: createConnectionStore({ db, tableName: tables.connections, cipher: tokensUnavailable, clock: systemClock }),
  memberships: createMembershipService({ db, tableName: tables.memberships, clock: systemClock }),
  media: createS3Media(createS3Client(process.env), buckets.media),
  executions: createSfnExecutions(new SFNClient({}), stateMachineArn),
  clock: systemClock,
  log: createLogger('posts-service'),
});

const postDeletion = createPostDeletion({
  db,
  postsTable: tables.posts,
  s3: createS3Client(process.env),
  mediaBucket: buckets.media,
  quota: createStorageQuota({ db, tableName: tables.memberships, clock: systemClock }),
  clock: systemClock,
});

export const handler = createHttpHandler(
  'posts',
  {
    createPost: ({ user, input }) => posts.create(user, input.body),
    listPosts: ({ user, input }) => posts.list(user, input.query),
    getPost: ({ user, input }) => posts.get(user, input.path.postId),
    retryPost: ({ user, input }) => posts.retryFailed(user, input.path.postId),
    publishTargetAgain: ({ user, input }) => posts.publishAgain(user, input.path.postId, input.path.targetId),
    reschedulePost: ({ user, input }) => posts.reschedule(user, input.path.postId, input.body),
    editPost: ({ user, input }) => posts.edit(user, input.path.postId, input.body),
    cancelPost: ({ user, input }) => posts.cancel(user, input.path.postId),
    listNotifications: ({ user }) => posts.notifications(user),
    readNotifications: ({ user }) => posts.readNotifications(user),
    deletePost: ({ user, input }) => postDeletion.remove(user, input.path.postId, { deleteMedia: input.query.deleteMedia }),
  },
  createLogger('posts'),
);
