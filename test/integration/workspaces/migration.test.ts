import { describe, expect, inject, it } from 'vitest';
import type { ConnectionList } from '../../../shared/api/connections';
import type { Post } from '../../../shared/api/posts';
import type { WorkspaceList } from '../../../shared/api/workspaces';
import { systemClock } from '../../../functions/clock';
import { migrateToWorkspaces } from '../../../functions/services/workspaceMigration';
import { connectThroughOAuth, makeAdmin, sandboxAccountName } from '../../support/connect';
import { moduleSessionFor, registerContent, sampleCartoon } from '../../support/content';
import { createPost, tinyJpeg, uploadMedia, waitForPost } from '../../support/posts';
import { callRoute } from '../../support/routes';
import { userFootprint, withoutRequestCounter, type UserFootprint } from '../../support/userData';
import { callApi, createUser, documentClient, type TestUser } from '../../support/users';

const twin = inject('twin');

/** A user as the model before workspaces had them: posts in every state, a draft, an account, content, settings, counters. */
async function userOfTheCurrentModel(): Promise<TestUser> {
  const user = await createUser(twin);
  await makeAdmin(twin, user);
  await callRoute(twin, 'updateAccountSettings', { body: { language: 'tr', timeZone: 'Europe/Istanbul', theme: 'dark' } }, user.idToken);
  await connectThroughOAuth(twin, user, 'linkedin', sandboxAccountName('migrated'));
  const accountId = ((await callApi(twin, '/connections', user.idToken)).body as unknown as ConnectionList).connections[0]!.platformUserId;
  const media = [{ key: await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg }) }];
  const targets = [{ platform: 'linkedin', accountId }];
  const published = await createPost(twin, user, { description: 'published before workspaces', media, targets });
  await waitForPost(twin, user, (published.body as unknown as Post).postId);
  const scheduled = await createPost(twin, user, { description: 'scheduled', media, targets, scheduledFor: new Date(Date.now() + 7 * 86_400_000).toISOString(), timeZone: 'Europe/Istanbul' });
  await callRoute(twin, 'cancelPost', { path: { postId: (scheduled.body as unknown as Post).postId } }, user.idToken);
  await createPost(twin, user, { description: 'still scheduled', media, targets, scheduledFor: new Date(Date.now() + 9 * 86_400_000).toISOString(), timeZone: 'Europe/Istanbul' });
  await callRoute(twin, 'createDraft', { body: { description: 'a draft', media, targets } }, user.idToken);
  await registerContent(twin, await moduleSessionFor(twin, user), { type: 'video', fileName: 'cartoon.mp4', contentType: 'video/mp4', body: sampleCartoon });
  return user;
}

const footprintOf = async (user: TestUser) => withoutRequestCounter(await userFootprint(twin, user.userId));
const workspaceRows = (footprint: UserFootprint) =>
  footprint.rows['memberships']!.filter((row) => row['record'] === 'workspace' || String(row['record']).startsWith('member#') || String(row['record']).startsWith('workspaceOf#'));
const withoutWorkspaceRows = (footprint: UserFootprint): UserFootprint => ({
  ...footprint,
  rows: { ...footprint.rows, memberships: footprint.rows['memberships']!.filter((row) => !workspaceRows(footprint).includes(row)) },
});

describe('the move to workspaces', () => {
  it('migrates a twin of the current model twice, interrupted once, with the same result and nothing lost', async () => {
    const users = await Promise.all([userOfTheCurrentModel(), userOfTheCurrentModel()]);
    const before = await Promise.all(users.map(footprintOf));
    for (const footprint of before) expect(workspaceRows(footprint), 'the current model has no workspace rows').toEqual([]);

    const db = documentClient(twin);
    const interrupted = await migrateToWorkspaces({ db, tableName: twin.tableNames.memberships, clock: systemClock, pageSize: 1, maxPages: 1 });
    expect(interrupted.finished).toBe(false);
    const first = await migrateToWorkspaces({ db, tableName: twin.tableNames.memberships, clock: systemClock });
    expect(first.finished).toBe(true);
    const afterFirst = await Promise.all(users.map(footprintOf));
    const second = await migrateToWorkspaces({ db, tableName: twin.tableNames.memberships, clock: systemClock });
    // The shared test twin gains users from other files meanwhile: none of ours is created again.
    for (const user of users) expect(second.createdUserIds).not.toContain(user.userId);
    for (const user of users) expect([...interrupted.createdUserIds, ...first.createdUserIds].filter((id) => id === user.userId)).toHaveLength(1);
    const afterSecond = await Promise.all(users.map(footprintOf));

    expect(afterSecond).toEqual(afterFirst);
    for (const [index, user] of users.entries()) {
      // Nothing lost, nothing doubled, nothing rewritten: every row and object as before, counters and quotas included.
      expect(withoutWorkspaceRows(afterFirst[index]!)).toEqual(before[index]);
      expect(workspaceRows(afterFirst[index]!)).toHaveLength(3);
      const list = (await callRoute(twin, 'listWorkspaces', {}, user.idToken)).body as WorkspaceList;
      expect(list.workspaces).toEqual([expect.objectContaining({ workspaceId: user.userId, personal: true, role: 'owner', timeZone: 'Europe/Istanbul', memberCount: 1 })]);
      // The personal workspace is the data it had: its posts and drafts read as before.
      const drafts = (await callRoute(twin, 'listPosts', { query: { status: 'draft' } }, user.idToken)).body as { posts: Post[] };
      expect(drafts.posts.map((post) => post.description)).toEqual(['a draft']);
    }
  }, 180_000);
});
