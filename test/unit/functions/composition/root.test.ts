import { afterEach, describe, expect, it, vi } from 'vitest';
import { platforms } from '../../../../shared/platforms';
import { bucketEnvName, bucketKeys } from '../../../../shared/resources/buckets';
import { tableEnvName, tableKeys } from '../../../../shared/resources/tables';

/** What the stack passes the posts function (names only: nothing is called). */
function stubPostsEnvironment(except?: string) {
  const values: Record<string, string> = { STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:000000000000:stateMachine:PublishPost' };
  for (const key of tableKeys) values[tableEnvName(key)] = `table-${key}`;
  for (const key of bucketKeys) values[bucketEnvName(key)] = `bucket-${key}`;
  for (const platform of platforms) values[`PUBLISHER_FUNCTION_${platform.toUpperCase()}`] = `publish-${platform}`;
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, name === except ? '' : value);
}

/** A fresh root, as a cold start has (the getters' caches are module state). */
async function freshRoot() {
  vi.resetModules();
  return {
    posts: await import('../../../../functions/composition/posts'),
    memberships: await import('../../../../functions/composition/memberships'),
  };
}

afterEach(() => vi.unstubAllEnvs());

describe('the composition root', () => {
  it('builds each service once per cold start', async () => {
    stubPostsEnvironment();
    const { posts, memberships } = await freshRoot();
    expect(posts.postService()).toBe(posts.postService());
    expect(posts.postDeletion()).toBe(posts.postDeletion());
    expect(memberships.memberships()).toBe(memberships.memberships());
  });

  it('fails the cold start naming the missing variable', async () => {
    stubPostsEnvironment('TABLE_POSTS');
    const { posts } = await freshRoot();
    expect(() => posts.postService()).toThrow(/TABLE_POSTS/);
  });
});
