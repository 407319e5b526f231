import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { PostStatus } from '../../shared/api/posts';
import { listPlacement, type PostItem } from '../../functions/services/postStore';
import type { TwinInfo } from './twinInfo';
import { documentClient } from './users';

/** Writes a post row as the posts service stores it (no targets), in any status, using the given media keys. */
export async function storePost(twin: TwinInfo, userId: string, status: PostStatus, mediaKeys: string[], description = 'A post'): Promise<string> {
  const postId = ulid();
  const now = new Date().toISOString();
  const base = { userId, status, createdAt: now, updatedAt: now, ...(status === 'scheduled' ? { scheduledFor: new Date(Date.now() + 86_400_000).toISOString() } : {}) };
  const item: PostItem = {
    ...base,
    postId,
    description,
    media: mediaKeys.map((key) => ({ key, kind: key.includes('/videos/') ? 'video' : 'image', contentType: 'image/jpeg', size: 1, extension: key.split('.').pop()! })),
    targets: {},
    platforms: [],
    executions: [],
    ...listPlacement(base),
  };
  await documentClient(twin).send(new PutCommand({ TableName: twin.tableNames.posts, Item: item }));
  return postId;
}
