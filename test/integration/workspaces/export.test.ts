import { describe, expect, inject, it } from 'vitest';
import type { DataExport } from '../../../shared/api/account';
import { callApi, createUser, type TestUser } from '../../support/users';
import { addMember, callIn, createWorkspace } from '../../support/workspaces';
import { readZip } from '../../support/zip';

const twin = inject('twin');

/** Polls "Download my data" until it is no longer being prepared (a state, not a clock). */
async function exportOf(user: TestUser): Promise<Map<string, Buffer>> {
  const started = await callApi(twin, '/account/export', user.idToken, { method: 'POST' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  await expect
    .poll(async () => ((await callApi(twin, '/account/export', user.idToken)).body as unknown as DataExport).status, { timeout: 30_000 })
    .not.toBe('preparing');
  const state = (await callApi(twin, '/account/export', user.idToken)).body as unknown as DataExport;
  expect(state, JSON.stringify(state)).toMatchObject({ status: 'ready', error: null });
  return readZip(Buffer.from(await (await fetch(state.downloadUrl!)).arrayBuffer()));
}

const rowsIn = (entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString('utf8')) as Array<Record<string, unknown>>;

describe('Download my data with shared workspaces', () => {
  it("holds each shared workspace the user owns, its activity log included, in a folder of its own; a workspace they only work in is its owner's", async () => {
    const [owner, colleague] = await Promise.all([createUser(twin), createUser(twin)]);
    const owned = await createWorkspace(twin, owner, 'Northwind');
    const theirs = await createWorkspace(twin, colleague, 'Contoso');
    await addMember(twin, theirs.workspaceId, colleague, owner, 'editor');
    for (const [workspaceId, description] of [
      [owned.workspaceId, 'A draft for Northwind'],
      [theirs.workspaceId, 'A draft for Contoso'],
    ] as const) {
      const draft = await callIn(twin, workspaceId, 'createDraft', { body: { description, targets: [], media: [] } }, owner);
      expect(draft.status, draft.text).toBe(200);
    }

    const entries = await exportOf(owner);
    const folder = `workspaces/${owned.workspaceId}/`;
    expect(rowsIn(entries, `${folder}data/posts.json`)).toEqual([expect.objectContaining({ status: 'draft', description: 'A draft for Northwind' })]);
    // Who did what in it: the workspace's creation, the member's draft.
    const activity = rowsIn(entries, `${folder}data/activity.json`);
    expect(activity.length).toBeGreaterThan(0);
    expect(activity.every((entry) => entry['userId'] === owned.workspaceId)).toBe(true);
    // The personal workspace's data stays at the archive's top, without the workspaces' posts.
    expect(rowsIn(entries, 'data/posts.json')).toEqual([]);
    // The workspace the user only works in is not theirs to export.
    expect([...entries.keys()].some((name) => name.includes(theirs.workspaceId))).toBe(false);
    expect([...entries.keys()].some((name) => name.includes('A draft for Contoso') || entries.get(name)!.includes('A draft for Contoso'))).toBe(false);
    const readme = entries.get('README.txt')!.toString('utf8');
    expect(readme).toContain(`${folder} "Northwind": `);
    expect(readme).toContain("Workspaces you are a member of but do not own are their owners' to export.");
  });
});
