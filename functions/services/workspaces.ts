import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulid';
import { membershipAllowances, workspaceAllowances, type MembershipType } from '../../shared/api/membership';
import type {
  ApprovalRule,
  AssignableRole,
  InvitationPreview,
  InvitationSummary,
  Member,
  MemberList,
  Workspace,
  WorkspaceList,
  WorkspaceRole,
} from '../../shared/api/workspaces';
import type { Clock } from '../clock';
import { Conflict, DomainError, Forbidden, InvalidInput, NotFound, QuotaExceeded } from '../errors';
import type { Mailer } from './mailer';
import type { UserIdentity } from './memberships';
import { recordsWithPrefix } from './recordsWithPrefix';

/**
 * Workspaces and their members, kept in the memberships table beside each workspace's plan
 * record ("membership", the limits every other service already reads by partition):
 *
 * - `<workspaceId>` / "workspace": its name, owner, approval rule, time zone and member count;
 * - `<workspaceId>` / "member#<userId>": a member and their role (the one row the HTTP gate reads);
 * - `<userId>` / "workspaceOf#<workspaceId>": the same membership seen from the user (their list);
 * - `<workspaceId>` / "invite#<invitationId>", `invitation#<sha256(token)>` / "invitation" and
 *   `invitee#<email>` / "invite#<invitationId>": an open invitation, found by the workspace, by
 *   the mail's secret and by the invitee's address; written and removed together.
 *
 * A personal workspace's id is its user's id: every row made before workspaces is already in it.
 */
export const WORKSPACE_RECORD = 'workspace';
const MEMBER_PREFIX = 'member#';
const WORKSPACE_OF_PREFIX = 'workspaceOf#';
const INVITE_PREFIX = 'invite#';
const MEMBERSHIP_RECORD = 'membership';
export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

export interface WorkspaceItem {
  userId: string;
  record: typeof WORKSPACE_RECORD;
  name: string;
  personal: boolean;
  ownerId: string;
  ownerEmail: string;
  approvalRule: ApprovalRule;
  timeZone: string | null;
  memberCount: number;
  createdAt: string;
  updatedAt: string;
}

interface MemberItem {
  userId: string;
  record: string;
  memberUserId: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: string;
}

interface InviteItem {
  userId: string;
  record: string;
  invitationId: string;
  workspaceId: string;
  email: string;
  role: AssignableRole;
  tokenHash: string;
  invitedBy: string;
  invitedByEmail: string;
  createdAt: string;
  expiresAt: string;
}

/** The caller's place in the current workspace, as the HTTP gate found it. */
export interface WorkspaceAccess {
  workspaceId: string;
  role: WorkspaceRole;
  personal: boolean;
}

/** Refused because the caller is not (or no longer) a member: their open pages lose access at once. */
export class NotAWorkspaceMember extends DomainError {
  constructor() {
    super(403, 'NotAWorkspaceMember', 'You are not a member of this workspace (any more). Switch to one of your workspaces.');
  }
}

export interface WorkspaceServiceDeps {
  db: DynamoDBDocumentClient;
  tableName: string;
  clock: Clock;
  mailer: Mailer;
  /** The site's origin, for the invitation link (read when a mail is written). */
  siteUrl: () => string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function cancelledBecauseOf(error: unknown): string[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

export function createWorkspaceService({ db, tableName, clock, mailer, siteUrl }: WorkspaceServiceDeps) {
  const key = <R extends string>(userId: string, record: R) => ({ userId, record });

  async function get<T>(userId: string, record: string): Promise<T | undefined> {
    const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key(userId, record), ConsistentRead: true }));
    return Item as T | undefined;
  }

  const queryAll = <T>(userId: string, prefix: string) => recordsWithPrefix<T>(db, tableName, userId, prefix, { consistent: true });

  async function planOf(workspaceId: string): Promise<MembershipType> {
    return (await get<{ membershipType: MembershipType }>(workspaceId, MEMBERSHIP_RECORD))?.membershipType ?? 'free';
  }

  function toWorkspace(item: WorkspaceItem, role: WorkspaceRole): Workspace {
    return {
      workspaceId: item.userId,
      name: item.name,
      personal: item.personal,
      role,
      ownerEmail: item.ownerEmail,
      approvalRule: item.approvalRule,
      timeZone: item.timeZone,
      memberCount: item.memberCount,
      createdAt: item.createdAt,
    };
  }

  function toInvitation(item: InviteItem, workspaceName: string): InvitationSummary {
    return {
      invitationId: item.invitationId,
      workspaceId: item.workspaceId,
      workspaceName,
      email: item.email,
      role: item.role,
      invitedByEmail: item.invitedByEmail,
      createdAt: item.createdAt,
      expiresAt: item.expiresAt,
    };
  }

  const isOpen = (invite: InviteItem) => invite.expiresAt > clock.now().toISOString();

  /** The three rows of an invitation, for a transaction's Put or Delete. */
  function inviteKeys(invite: Pick<InviteItem, 'workspaceId' | 'invitationId' | 'tokenHash' | 'email'>) {
    return [
      key(invite.workspaceId, `${INVITE_PREFIX}${invite.invitationId}`),
      key(`invitation#${invite.tokenHash}`, 'invitation'),
      key(`invitee#${invite.email}`, `${INVITE_PREFIX}${invite.invitationId}`),
    ];
  }

  async function workspaceOrFail(workspaceId: string): Promise<WorkspaceItem> {
    const item = await get<WorkspaceItem>(workspaceId, WORKSPACE_RECORD);
    if (!item) throw new NotFound('This workspace does not exist any more.');
    return item;
  }

  async function memberOrFail(workspaceId: string, memberId: string): Promise<MemberItem> {
    const member = await get<MemberItem>(workspaceId, `${MEMBER_PREFIX}${memberId}`);
    if (!member) throw new NotFound('This person is not a member of the workspace.');
    return member;
  }

  async function inviteByToken(token: string): Promise<InviteItem> {
    const pointer = await get<{ workspaceId: string; invitationId: string }>(`invitation#${hashToken(token)}`, 'invitation');
    const invite = pointer ? await get<InviteItem>(pointer.workspaceId, `${INVITE_PREFIX}${pointer.invitationId}`) : undefined;
    if (!invite) throw new NotFound('This invitation was accepted, declined or withdrawn: ask for a new one.');
    if (!isOpen(invite)) throw new Conflict(`This invitation expired on ${invite.expiresAt.slice(0, 10)}: ask for a new one.`);
    return invite;
  }

  function personalRows(person: UserIdentity, now: string, timeZone: string | null) {
    const workspace: WorkspaceItem = {
      ...key(person.userId, WORKSPACE_RECORD),
      name: '',
      personal: true,
      ownerId: person.userId,
      ownerEmail: person.email,
      approvalRule: 'off',
      timeZone,
      memberCount: 1,
      createdAt: now,
      updatedAt: now,
    };
    return [
      workspace,
      { ...key(person.userId, `${MEMBER_PREFIX}${person.userId}`), memberUserId: person.userId, email: person.email, role: 'owner', joinedAt: now } satisfies MemberItem,
      { ...key(person.userId, `${WORKSPACE_OF_PREFIX}${person.userId}`), workspaceId: person.userId, joinedAt: now },
    ];
  }

  const service = {
    /**
     * Makes the user's personal workspace's rows if they are missing (a new user, or one the
     * migration has not reached): written together, once, whoever calls first.
     */
    async ensurePersonal(person: UserIdentity, timeZone: string | null = null): Promise<'created' | 'present'> {
      if (await get(person.userId, WORKSPACE_RECORD)) return 'present';
      const now = clock.now().toISOString();
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: personalRows(person, now, timeZone).map((Item) => ({
              Put: { TableName: tableName, Item, ConditionExpression: 'attribute_not_exists(userId)' },
            })),
          }),
        );
        return 'created';
      } catch (error) {
        if (cancelledBecauseOf(error)) return 'present';
        throw error;
      }
    },

    /**
     * The caller's role in the workspace the request names: one consistent read of their member
     * row (none for their personal workspace). A removed member is refused on their next call.
     */
    async access(person: UserIdentity, workspaceId: string | undefined): Promise<WorkspaceAccess> {
      if (workspaceId === undefined || workspaceId === person.userId) return { workspaceId: person.userId, role: 'owner', personal: true };
      const member = await get<MemberItem>(workspaceId, `${MEMBER_PREFIX}${person.userId}`);
      if (!member) throw new NotAWorkspaceMember();
      return { workspaceId, role: member.role, personal: false };
    },

    /** The workspace's approval rule (off for a personal one without a record). */
    async approvalRule(workspaceId: string): Promise<ApprovalRule> {
      return (await get<WorkspaceItem>(workspaceId, WORKSPACE_RECORD))?.approvalRule ?? 'off';
    },

    async list(person: UserIdentity): Promise<WorkspaceList> {
      await service.ensurePersonal(person);
      const memberships = await queryAll<{ workspaceId: string }>(person.userId, WORKSPACE_OF_PREFIX);
      const ids = memberships.map((row) => row.workspaceId);
      const found = new Map<string, WorkspaceItem>();
      const roles = new Map<string, WorkspaceRole>();
      for (let start = 0; start < ids.length; start += 50) {
        const chunk = ids.slice(start, start + 50);
        let keys: Record<string, unknown>[] = chunk.flatMap((id) => [key(id, WORKSPACE_RECORD), key(id, `${MEMBER_PREFIX}${person.userId}`)]);
        while (keys.length > 0) {
          const { Responses, UnprocessedKeys } = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }));
          for (const item of Responses?.[tableName] ?? []) {
            if (item['record'] === WORKSPACE_RECORD) found.set(item['userId'] as string, item as WorkspaceItem);
            else roles.set(item['userId'] as string, (item as MemberItem).role);
          }
          keys = (UnprocessedKeys?.[tableName]?.Keys ?? []) as Record<string, unknown>[];
        }
      }
      const workspaces = ids
        .filter((id) => found.has(id) && roles.has(id))
        .map((id) => toWorkspace(found.get(id)!, roles.get(id)!))
        .sort((a, b) => Number(b.personal) - Number(a.personal) || a.name.localeCompare(b.name));
      const invites = person.email ? (await queryAll<InviteItem>(`invitee#${person.email.toLowerCase()}`, INVITE_PREFIX)).filter(isOpen) : [];
      const invitations = await Promise.all(invites.map(async (invite) => toInvitation(invite, (await get<WorkspaceItem>(invite.workspaceId, WORKSPACE_RECORD))?.name ?? '')));
      const owned = workspaces.filter((workspace) => !workspace.personal && workspace.role === 'owner').length;
      const limit = workspaceAllowances[await planOf(person.userId)].maxOwnedWorkspaces;
      return { workspaces, invitations, workspacesLeft: limit === null ? null : Math.max(0, limit - owned) };
    },

    /** A new shared workspace owned by the caller, on the caller's plan. */
    async create(person: UserIdentity, name: string): Promise<Workspace> {
      const { workspacesLeft } = await service.list(person);
      if (workspacesLeft === 0) throw new QuotaExceeded("Your plan's workspaces are all in use: ask for a larger plan, or use a workspace you already own.");
      const plan = await planOf(person.userId);
      const now = clock.now().toISOString();
      const workspaceId = randomUUID();
      const workspace: WorkspaceItem = {
        ...key(workspaceId, WORKSPACE_RECORD),
        name,
        personal: false,
        ownerId: person.userId,
        ownerEmail: person.email,
        approvalRule: 'contributors',
        timeZone: null,
        memberCount: 1,
        createdAt: now,
        updatedAt: now,
      };
      const rows = [
        workspace,
        { ...key(workspaceId, `${MEMBER_PREFIX}${person.userId}`), memberUserId: person.userId, email: person.email, role: 'owner', joinedAt: now } satisfies MemberItem,
        { ...key(person.userId, `${WORKSPACE_OF_PREFIX}${workspaceId}`), workspaceId, joinedAt: now },
        // The workspace's own plan record: its limits and counters, on its owner's plan.
        { ...key(workspaceId, MEMBERSHIP_RECORD), workspace: true, userEmail: person.email, membershipType: plan, ...membershipAllowances[plan], connectedAccounts: 0, createdAt: now, updatedAt: now },
      ];
      await db.send(new TransactWriteCommand({ TransactItems: rows.map((Item) => ({ Put: { TableName: tableName, Item, ConditionExpression: 'attribute_not_exists(userId)' } })) }));
      return toWorkspace(workspace, 'owner');
    },

    async get(access: WorkspaceAccess, person: UserIdentity): Promise<Workspace> {
      if (access.personal) await service.ensurePersonal(person);
      return toWorkspace(await workspaceOrFail(access.workspaceId), access.role);
    },

    async update(access: WorkspaceAccess, person: UserIdentity, changes: { name?: string | undefined; approvalRule?: ApprovalRule | undefined; timeZone?: string | null | undefined }): Promise<Workspace> {
      const current = await service.get(access, person);
      if (current.personal && (changes.name !== undefined || (changes.approvalRule !== undefined && changes.approvalRule !== 'off'))) {
        throw new InvalidInput('Your personal workspace is yours alone: it has no name to change and no one to approve your posts. Create a workspace to work with others.');
      }
      const sets: string[] = ['updatedAt = :now'];
      const values: Record<string, unknown> = { ':now': clock.now().toISOString() };
      // Named: "name" is one of DynamoDB's reserved words.
      const names: Record<string, string> = {};
      for (const [field, value] of Object.entries(changes)) {
        if (value === undefined) continue;
        sets.push(`#${field} = :${field}`);
        names[`#${field}`] = field;
        values[`:${field}`] = value;
      }
      const { Attributes } = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(access.workspaceId, WORKSPACE_RECORD),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: 'attribute_exists(userId)',
          ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toWorkspace(Attributes as WorkspaceItem, access.role);
    },

    async members(access: WorkspaceAccess, person: UserIdentity): Promise<MemberList> {
      const workspace = await service.get(access, person);
      const members = (await queryAll<MemberItem>(access.workspaceId, MEMBER_PREFIX)).map(
        (item): Member => ({ userId: item.memberUserId, email: item.email, role: item.role, joinedAt: item.joinedAt }),
      );
      const order = ['owner', 'admin', 'editor', 'contributor', 'viewer'];
      members.sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role) || a.email.localeCompare(b.email));
      const invitations = (await queryAll<InviteItem>(access.workspaceId, INVITE_PREFIX)).filter(isOpen).map((invite) => toInvitation(invite, workspace.name));
      return { members, invitations, maxMembers: workspaceAllowances[await planOf(access.workspaceId)].maxMembers };
    },

    /** Invites by e-mail: the link's secret is mailed once and kept only as its hash. */
    async invite(access: WorkspaceAccess, person: UserIdentity, email: string, role: AssignableRole): Promise<InvitationSummary> {
      if (access.personal) throw new InvalidInput('Your personal workspace is yours alone. Create a workspace for a client or a brand, then invite people to it.');
      const { members, invitations, maxMembers } = await service.members(access, person);
      if (members.some((member) => member.email.toLowerCase() === email)) throw new Conflict(`${email} is already a member of this workspace.`);
      if (invitations.some((invitation) => invitation.email === email)) throw new Conflict(`${email} is already invited: withdraw that invitation to send a new one.`);
      if (maxMembers !== null && members.length + invitations.length >= maxMembers) {
        throw new QuotaExceeded(`This workspace's plan allows ${maxMembers} members, open invitations included: remove a member or withdraw an invitation first.`);
      }
      const workspace = await workspaceOrFail(access.workspaceId);
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const invite: InviteItem = {
        ...key(access.workspaceId, `${INVITE_PREFIX}${ulid(now.getTime())}`),
        invitationId: '',
        workspaceId: access.workspaceId,
        email,
        role,
        tokenHash: hashToken(token),
        invitedBy: person.userId,
        invitedByEmail: person.email,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
      };
      invite.invitationId = invite.record.slice(INVITE_PREFIX.length);
      const [own, byToken, byInvitee] = inviteKeys(invite);
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName, Item: { ...invite, ...own }, ConditionExpression: 'attribute_not_exists(userId)' } },
            { Put: { TableName: tableName, Item: { ...byToken, workspaceId: invite.workspaceId, invitationId: invite.invitationId } } },
            { Put: { TableName: tableName, Item: { ...invite, ...byInvitee } } },
          ],
        }),
      );
      const link = `${siteUrl()}/invitations?token=${token}`;
      await mailer.send({
        to: email,
        subject: `${person.email} invited you to ${workspace.name} on OneClick`,
        text:
          `${person.email} invited you to the workspace "${workspace.name}" on OneClick as ${role}.\n\n` +
          `Accept the invitation: ${link}\n\n` +
          `Sign up or sign in with this address (${email}) to accept. The link works until ${invite.expiresAt.slice(0, 10)}.\n` +
          `If you did not expect this, ignore this e-mail: nothing happens unless you accept.`,
        kind: 'invitation',
      });
      return toInvitation(invite, workspace.name);
    },

    async revokeInvitation(access: WorkspaceAccess, invitationId: string): Promise<void> {
      const invite = await get<InviteItem>(access.workspaceId, `${INVITE_PREFIX}${invitationId}`);
      if (!invite) throw new NotFound('This invitation was already accepted, declined or withdrawn.');
      await db.send(new TransactWriteCommand({ TransactItems: inviteKeys(invite).map((Key) => ({ Delete: { TableName: tableName, Key } })) }));
    },

    async previewInvitation(person: UserIdentity, token: string): Promise<InvitationPreview> {
      const invite = await inviteByToken(token);
      const workspace = await workspaceOrFail(invite.workspaceId);
      return { ...toInvitation(invite, workspace.name), forYou: invite.email === person.email.toLowerCase() };
    },

    /** The invited person joins in the invited role: the invitation's rows go and the member's come, together. */
    async acceptInvitation(person: UserIdentity, token: string): Promise<Workspace> {
      const invite = await inviteByToken(token);
      if (invite.email !== person.email.toLowerCase()) {
        throw new Forbidden(`This invitation is for ${invite.email}. Sign in with that address to accept it.`);
      }
      const now = clock.now().toISOString();
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              ...inviteKeys(invite).map((Key) => ({ Delete: { TableName: tableName, Key, ConditionExpression: 'attribute_exists(userId)' } })),
              {
                Put: {
                  TableName: tableName,
                  Item: { ...key(invite.workspaceId, `${MEMBER_PREFIX}${person.userId}`), memberUserId: person.userId, email: person.email, role: invite.role, joinedAt: now } satisfies MemberItem,
                  ConditionExpression: 'attribute_not_exists(userId)',
                },
              },
              { Put: { TableName: tableName, Item: { ...key(person.userId, `${WORKSPACE_OF_PREFIX}${invite.workspaceId}`), workspaceId: invite.workspaceId, joinedAt: now } } },
              {
                Update: {
                  TableName: tableName,
                  Key: key(invite.workspaceId, WORKSPACE_RECORD),
                  UpdateExpression: 'SET memberCount = memberCount + :one',
                  ConditionExpression: 'attribute_exists(userId)',
                  ExpressionAttributeValues: { ':one': 1 },
                },
              },
            ],
          }),
        );
      } catch (error) {
        const reasons = cancelledBecauseOf(error);
        if (!reasons) throw error;
        if (reasons[3] === 'ConditionalCheckFailed') throw new Conflict('You are already a member of this workspace.');
        throw new Conflict('This invitation was just accepted, declined or withdrawn: ask for a new one.');
      }
      await service.ensurePersonal(person);
      return toWorkspace(await workspaceOrFail(invite.workspaceId), invite.role);
    },

    async declineInvitation(person: UserIdentity, token: string): Promise<void> {
      const invite = await inviteByToken(token);
      if (invite.email !== person.email.toLowerCase()) throw new Forbidden(`This invitation is for ${invite.email}.`);
      await db.send(new TransactWriteCommand({ TransactItems: inviteKeys(invite).map((Key) => ({ Delete: { TableName: tableName, Key } })) }));
    },

    async changeRole(access: WorkspaceAccess, person: UserIdentity, memberId: string, role: AssignableRole): Promise<Member> {
      const member = await memberOrFail(access.workspaceId, memberId);
      if (member.role === 'owner') throw new Conflict("The owner's role changes only by transferring ownership to another member.");
      if (memberId === person.userId) throw new Conflict('You cannot change your own role: ask the owner or another admin.');
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(access.workspaceId, `${MEMBER_PREFIX}${memberId}`),
          UpdateExpression: 'SET #role = :role',
          ConditionExpression: 'attribute_exists(userId) AND #role <> :owner',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':role': role, ':owner': 'owner' },
        }),
      );
      return { userId: memberId, email: member.email, role, joinedAt: member.joinedAt };
    },

    /** Removes a member (or the caller, when they leave): their next request in it is refused. */
    async removeMember(access: WorkspaceAccess, memberId: string): Promise<void> {
      const member = await memberOrFail(access.workspaceId, memberId);
      if (member.role === 'owner') throw new Conflict('The owner cannot be removed: they can transfer ownership to another member first.');
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: tableName, Key: key(access.workspaceId, `${MEMBER_PREFIX}${memberId}`), ConditionExpression: 'attribute_exists(userId)' } },
            { Delete: { TableName: tableName, Key: key(memberId, `${WORKSPACE_OF_PREFIX}${access.workspaceId}`) } },
            {
              Update: {
                TableName: tableName,
                Key: key(access.workspaceId, WORKSPACE_RECORD),
                UpdateExpression: 'SET memberCount = memberCount - :one',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
          ],
        }),
      );
    },

    /**
     * The owner hands the workspace to another member, who becomes its owner; the old owner stays
     * as an admin. The workspace's plan becomes the new owner's.
     */
    async transferOwnership(access: WorkspaceAccess, person: UserIdentity, memberId: string): Promise<Workspace> {
      if (access.personal) throw new InvalidInput('Your personal workspace cannot be given away.');
      if (memberId === person.userId) throw new Conflict('You already own this workspace.');
      const member = await memberOrFail(access.workspaceId, memberId);
      const plan = await planOf(memberId);
      const now = clock.now().toISOString();
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName,
                Key: key(access.workspaceId, `${MEMBER_PREFIX}${memberId}`),
                UpdateExpression: 'SET #role = :owner',
                ConditionExpression: 'attribute_exists(userId)',
                ExpressionAttributeNames: { '#role': 'role' },
                ExpressionAttributeValues: { ':owner': 'owner' },
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: key(access.workspaceId, `${MEMBER_PREFIX}${person.userId}`),
                UpdateExpression: 'SET #role = :admin',
                ConditionExpression: '#role = :owner',
                ExpressionAttributeNames: { '#role': 'role' },
                ExpressionAttributeValues: { ':admin': 'admin', ':owner': 'owner' },
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: key(access.workspaceId, WORKSPACE_RECORD),
                UpdateExpression: 'SET ownerId = :id, ownerEmail = :email, updatedAt = :now',
                ExpressionAttributeValues: { ':id': memberId, ':email': member.email, ':now': now },
              },
            },
            {
              Update: {
                TableName: tableName,
                Key: key(access.workspaceId, MEMBERSHIP_RECORD),
                UpdateExpression:
                  'SET membershipType = :type, userEmail = :email, maxPosts = :maxPosts, canSchedule = :canSchedule, maxAccounts = :maxAccounts, maxStorageBytes = :maxStorageBytes, updatedAt = :now',
                ExpressionAttributeValues: { ':type': plan, ':email': member.email, ...allowanceValues(plan), ':now': now },
              },
            },
          ],
        }),
      );
      return toWorkspace(await workspaceOrFail(access.workspaceId), 'admin');
    },

    /** The workspaces a user owns (for the operator command that sets a user's plan on them too). */
    async ownedBy(userId: string): Promise<string[]> {
      const rows = await queryAll<{ workspaceId: string }>(userId, WORKSPACE_OF_PREFIX);
      const owned: string[] = [];
      for (const row of rows) if ((await get<WorkspaceItem>(row.workspaceId, WORKSPACE_RECORD))?.ownerId === userId) owned.push(row.workspaceId);
      return owned;
    },

    /** A workspace's name, approval rule and members with their roles (approvals: who to ask, whom a comment names). */
    async team(workspaceId: string): Promise<{ name: string; approvalRule: ApprovalRule; members: Array<{ userId: string; email: string; role: WorkspaceRole }> }> {
      const [workspace, members] = await Promise.all([get<WorkspaceItem>(workspaceId, WORKSPACE_RECORD), queryAll<MemberItem>(workspaceId, MEMBER_PREFIX)]);
      return {
        name: workspace?.name ?? '',
        approvalRule: workspace?.approvalRule ?? 'off',
        members: members.map((item) => ({ userId: item.memberUserId, email: item.email, role: item.role })),
      };
    },

    /**
     * Where a user is a member, as their account's deletion needs it: the shared workspaces they
     * own (with how many members each has) and those they are a member of.
     */
    async membershipsOf(userId: string): Promise<Array<{ workspaceId: string; name: string; owned: boolean; memberCount: number }>> {
      const rows = await queryAll<{ workspaceId: string }>(userId, WORKSPACE_OF_PREFIX);
      const found: Array<{ workspaceId: string; name: string; owned: boolean; memberCount: number }> = [];
      for (const row of rows) {
        if (row.workspaceId === userId) continue;
        const item = await get<WorkspaceItem>(row.workspaceId, WORKSPACE_RECORD);
        if (item) found.push({ workspaceId: row.workspaceId, name: item.name, owned: item.ownerId === userId, memberCount: item.memberCount });
      }
      return found;
    },

    /** Whether a workspace is shared (not someone's personal one), for the operator command. */
    async isSharedWorkspace(workspaceId: string): Promise<boolean> {
      const item = await get<WorkspaceItem>(workspaceId, WORKSPACE_RECORD);
      return item !== undefined && !item.personal;
    },
  };
  return service;
}

function allowanceValues(plan: MembershipType) {
  const allowances = membershipAllowances[plan];
  return {
    ':maxPosts': allowances.maxPosts,
    ':canSchedule': allowances.canSchedule,
    ':maxAccounts': allowances.maxAccounts,
    ':maxStorageBytes': allowances.maxStorageBytes,
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;

/**
 * The service for a caller that never invites anyone (the workspace gate, account deletion, the
 * migration, the operator command): a mail it would send is refused, naming `caller`, and the
 * mail client (SES) stays out of its bundle.
 */
export function createMaillessWorkspaceService(deps: Omit<WorkspaceServiceDeps, 'mailer' | 'siteUrl'>, caller: string): WorkspaceService {
  return createWorkspaceService({ ...deps, mailer: { send: () => Promise.reject(new Error(`${caller} sends no mail`)) }, siteUrl: () => '' });
}
