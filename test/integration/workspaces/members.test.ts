import { describe, expect, inject, it } from 'vitest';
import type { MemberList, WorkspaceList } from '../../../shared/api/workspaces';
import type { ConnectionList } from '../../../shared/api/connections';
import { callRoute } from '../../support/routes';
import { createUser } from '../../support/users';
import { addMember, callIn, createWorkspace, invitationTokenFor, mailsTo } from '../../support/workspaces';

const twin = inject('twin');

describe.concurrent('workspaces, members and invitations', () => {
  it('mails an invitation whose link only the invited address can accept, once', async () => {
    const [owner, invitee, someoneElse] = await Promise.all([createUser(twin), createUser(twin), createUser(twin)]);
    const { workspaceId } = await createWorkspace(twin, owner, 'Acme');
    const invited = await callIn(twin, workspaceId, 'inviteMember', { body: { email: invitee.email.toUpperCase(), role: 'contributor' } }, owner);
    expect(invited.status, invited.text).toBe(200);
    const mail = mailsTo(twin, invitee.email).find((message) => message.kind === 'invitation')!;
    expect(mail.subject).toContain('Acme');
    expect(mail.text).toContain('as contributor');
    const token = invitationTokenFor(twin, invitee.email);

    const preview = await callRoute(twin, 'getInvitation', { body: { token } }, someoneElse.idToken);
    expect(preview.body).toMatchObject({ workspaceName: 'Acme', role: 'contributor', forYou: false });
    const wrong = await callRoute(twin, 'acceptInvitation', { body: { token } }, someoneElse.idToken);
    expect(wrong.status).toBe(403);
    expect((wrong.body as { message: string }).message).toContain(invitee.email);

    const listed = (await callRoute(twin, 'listWorkspaces', {}, invitee.idToken)).body as WorkspaceList;
    expect(listed.invitations.map((invitation) => invitation.workspaceName)).toEqual(['Acme']);
    const accepted = await callRoute(twin, 'acceptInvitation', { body: { token } }, invitee.idToken);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ workspaceId, role: 'contributor', personal: false });
    const again = await callRoute(twin, 'acceptInvitation', { body: { token } }, invitee.idToken);
    expect(again.status).toBe(404);
    const mine = (await callRoute(twin, 'listWorkspaces', {}, invitee.idToken)).body as WorkspaceList;
    expect(mine.workspaces.map((workspace) => [workspace.personal, workspace.role])).toEqual([
      [true, 'owner'],
      [false, 'contributor'],
    ]);
    expect(mine.invitations).toEqual([]);
  });

  it('keeps each workspace’s data apart: accounts connected in one are not in the other', async () => {
    const owner = await createUser(twin);
    const { workspaceId } = await createWorkspace(twin, owner, 'Brand');
    const personal = (await callRoute(twin, 'listConnections', {}, owner.idToken)).body as ConnectionList;
    const shared = (await callIn(twin, workspaceId, 'listConnections', {}, owner)).body as ConnectionList;
    expect(personal.connections).toEqual([]);
    expect(shared.connections).toEqual([]);
    const zone = await callIn(twin, workspaceId, 'updateWorkspace', { body: { timeZone: 'Asia/Tokyo', approvalRule: 'everyone' } }, owner);
    expect(zone.body).toMatchObject({ timeZone: 'Asia/Tokyo', approvalRule: 'everyone' });
    const own = await callRoute(twin, 'getWorkspace', {}, owner.idToken);
    expect(own.body).toMatchObject({ personal: true, timeZone: null, approvalRule: 'off' });
  });

  it('changes a role at once, and a removed member loses access on their next request', async () => {
    const [owner, member] = await Promise.all([createUser(twin), createUser(twin)]);
    const { workspaceId } = await createWorkspace(twin, owner, 'Shop');
    await addMember(twin, workspaceId, owner, member, 'viewer');
    expect((await callIn(twin, workspaceId, 'createDraft', { body: { description: 'x', targets: [], media: [] } }, member)).status).toBe(403);
    expect((await callIn(twin, workspaceId, 'changeMemberRole', { path: { memberId: member.userId }, body: { role: 'editor' } }, owner)).status).toBe(200);
    const draft = await callIn(twin, workspaceId, 'createDraft', { body: { description: 'from the editor', targets: [], media: [] } }, member);
    expect(draft.status, draft.text).toBe(200);
    const ownRole = await callIn(twin, workspaceId, 'changeMemberRole', { path: { memberId: owner.userId }, body: { role: 'viewer' } }, owner);
    expect(ownRole.status).toBe(409);

    expect((await callIn(twin, workspaceId, 'removeMember', { path: { memberId: member.userId } }, owner)).status).toBe(204);
    const after = await callIn(twin, workspaceId, 'listPosts', { query: { status: 'draft' } }, member);
    expect(after.status).toBe(403);
    expect((after.body as { code: string; message: string }).code).toBe('NotAWorkspaceMember');
    const list = (await callIn(twin, workspaceId, 'listMembers', {}, owner)).body as MemberList;
    expect(list.members.map((one) => one.email)).toEqual([owner.email]);
  });

  it('transfers ownership: the new owner owns it, the old one stays as an admin and cannot transfer again', async () => {
    const [owner, heir] = await Promise.all([createUser(twin), createUser(twin)]);
    const { workspaceId } = await createWorkspace(twin, owner, 'Agency');
    await addMember(twin, workspaceId, owner, heir, 'admin');
    const moved = await callIn(twin, workspaceId, 'transferOwnership', { body: { memberId: heir.userId } }, owner);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ ownerEmail: heir.email, role: 'admin' });
    const again = await callIn(twin, workspaceId, 'transferOwnership', { body: { memberId: owner.userId } }, owner);
    expect((again.body as { code: string }).code).toBe('RoleForbidden');
    const members = (await callIn(twin, workspaceId, 'listMembers', {}, heir)).body as MemberList;
    expect(members.members.map((one) => [one.email, one.role])).toEqual([
      [heir.email, 'owner'],
      [owner.email, 'admin'],
    ]);
    const leave = await callIn(twin, workspaceId, 'leaveWorkspace', {}, heir);
    expect((leave.body as { message: string }).message).toMatch(/transfer ownership/);
    expect((await callIn(twin, workspaceId, 'leaveWorkspace', {}, owner)).status).toBe(204);
  });

  it("limits a free plan's workspaces and members, in words", async () => {
    const owner = await createUser(twin);
    const { workspaceId } = await createWorkspace(twin, owner, 'One');
    await createWorkspace(twin, owner, 'Two');
    const third = await callRoute(twin, 'createWorkspace', { body: { name: 'Three' } }, owner.idToken);
    expect(third.status).toBe(403);
    expect((third.body as { message: string }).message).toMatch(/workspaces are all in use/);
    for (const email of ['a@example.com', 'b@example.com']) expect((await callIn(twin, workspaceId, 'inviteMember', { body: { email, role: 'viewer' } }, owner)).status).toBe(200);
    const fourth = await callIn(twin, workspaceId, 'inviteMember', { body: { email: 'c@example.com', role: 'viewer' } }, owner);
    expect(fourth.status).toBe(403);
    expect((fourth.body as { message: string }).message).toMatch(/allows 3 members/);
    const personal = await callRoute(twin, 'inviteMember', { body: { email: 'd@example.com', role: 'viewer' } }, owner.idToken);
    expect(personal.status).toBe(400);
  });
});
