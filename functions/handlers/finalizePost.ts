import { readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient } from '../composition';
import { createPostStore } from '../services/postStore';
import { finalizePost } from '../services/posts';

const tables = readTableNames(process.env, ['posts']);
const posts = createPostStore({ db: createDocumentClient(), tableName: tables.posts, clock: systemClock });

/** The state machine's last step: the post's status from its targets' (published, partially, failed). */
export async function handler(input: { userId: string; postId: string }): Promise<{ status: string }> {
  const post = await finalizePost({ posts, clock: systemClock }, input.userId, input.postId);
  return { status: post.status };
}
