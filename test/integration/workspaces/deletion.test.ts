import { describe, expect, inject, it } from 'vitest';
import type { MemberList } from '../../../shared/api/workspaces';
import { startDeletion, waitForDeletion } from '../../support/deletion';
import { callRoute } from '../../support/routes';
import { userFootprint } from '../../support/userData';
import { callApi, createUser } from '../../support/users';
import { addMember, callIn, createWorkspace } from '../../support/workspaces';

const twin = inject('twin');

describe.concurrent('deleting an account that works in workspaces', () => {
  it('waits, in words, while the user owns a workspace others work in; once handed over, it deletes the account and leaves the workspace', async () => {
    const [owner, colleague] = await Promise.all([createUser(twin), createUser(twin)]);
    const { workspaceId } = await createWorkspace(twin, owner, 'Northwind');
    await addMember(twin, workspaceId, owner, colleague, 'editor');
    const refused = await callApi(twin, '/account/delete', owner.idToken, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ confirmation: owner.email }) });
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as { message: string }).message).toMatch(/You own "Northwind", where others work too\. Transfer its ownership/);
    // Nothing started: the owner still works normally.
    expect((await callIn(twin, workspaceId, 'listMembers', {}, owner)).status).toBe(200);

    expect((await callIn(twin, workspaceId, 'transferOwnership', { body: { memberId: colleague.userId } }, owner)).status).toBe(200);
    await startDeletion(twin, owner);
    expect((await waitForDeletion(twin, owner)).status).toBe('deleted');
    const members = (await callIn(twin, workspaceId, 'listMembers', {}, colleague)).body as MemberList;
    expect(members.members.map((member) => member.email)).toEqual([colleague.email]);
    expect((await callIn(twin, workspaceId, 'getWorkspace', {}, colleague)).body).toMatchObject({ memberCount: 1, ownerEmail: colleague.email });
  });

  it('deletes the workspaces the user owned alone with everything in them', async () => {
    const owner = await createUser(twin);
    const { workspaceId } = await createWorkspace(twin, owner, 'Solo brand');
    const draft = await callIn(twin, workspaceId, 'createDraft', { body: { description: 'in the solo workspace', targets: [], media: [] } }, owner);
    expect(draft.status, draft.text).toBe(200);
    expect((await userFootprint(twin, workspaceId)).rows['posts']).toHaveLength(1);
    await startDeletion(twin, owner);
    expect((await waitForDeletion(twin, owner)).status).toBe('deleted');
    const left = await userFootprint(twin, workspaceId);
    expect(Object.values(left.rows).flat(), 'no row of the workspace is left').toEqual([]);
    expect(Object.values(left.objects).flat()).toEqual([]);
    expect((await callRoute(twin, 'getWorkspace', {}, owner.idToken)).status).toBe(410);
  });
});
