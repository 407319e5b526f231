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

/**
 * The twin's clock for one user's scheduled posts (twin-only, `OneClickTwin.RunDue` in
 * infra/local/stepfunctions.ts): runs now each of the user's executions whose every target is due
 * at `at`, as if that time had come, and answers their ARNs. A test waits for a post's state
 * after this, not for the wall clock; other users' executions keep to the real clock.
 */
export async function runDueAt(twin: TwinInfo, userId: string, at: Date | string): Promise<string[]> {
  const response = await fetch(twin.endpoints.stepFunctions, {
    method: 'POST',
    headers: { 'x-amz-target': 'OneClickTwin.RunDue', 'content-type': 'application/x-amz-json-1.0' },
    body: JSON.stringify({ userId, at: new Date(at).toISOString() }),
  });
  const body = (await response.json()) as { executionArns?: string[]; message?: string };
  if (response.status !== 200) throw new Error(`OneClickTwin.RunDue answered ${response.status}: ${body.message}`);
  return body.executionArns!;
}
