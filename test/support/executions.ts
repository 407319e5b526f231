import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PostItem } from '../../functions/services/postStore';
import { documentClient } from './users';
import type { TwinInfo } from './twinInfo';

/** The stored post as the functions see it (the API does not show executions). */
export async function storedPost(twin: TwinInfo, userId: string, postId: string): Promise<PostItem> {
  const { Item } = await documentClient(twin).send(new GetCommand({ TableName: twin.tableNames.posts, Key: { userId, postId }, ConsistentRead: true }));
  if (!Item) throw new Error(`No post ${postId}`);
  return Item as PostItem;
}

/** The names of a post's executions, oldest first (each attempt's own unique name). */
export async function executionNames(twin: TwinInfo, userId: string, postId: string): Promise<string[]> {
  return (await storedPost(twin, userId, postId)).executions;
}
