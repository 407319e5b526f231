import * as z from '../zod';
import { timeZoneSchema } from './posts';
import { membershipSchema } from './membership';

/**
 * Workspaces: where connections, posts, drafts, content, analytics, notifications and limits
 * live. Every user has a personal workspace whose id is their user id (so everything made before
 * workspaces is already in it); the others are created for a client or a brand and shared with
 * members in roles. The API names the current workspace in one header (below), never in paths.
 */
export { WORKSPACE_HEADER } from './workspaceHeader';

/** From most to least trusted; what each may do is shared/api/authorization.ts. */
export const workspaceRoles = ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];
/** The roles an invitation or a role change can give (ownership moves only by transfer). */
export const assignableRoles = ['admin', 'editor', 'contributor', 'viewer'] as const;
export type AssignableRole = (typeof assignableRoles)[number];

/** Who must have a post approved before it publishes or is scheduled. */
export const approvalRules = ['off', 'contributors', 'everyone'] as const;
export type ApprovalRule = (typeof approvalRules)[number];

export const workspaceIdSchema = z.uuid();

export const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the workspace a name.')
  .max(80, 'A workspace name can be at most 80 characters.');

export const workspaceSchema = z.object({
  workspaceId: z.string(),
  name: z.string(),
  /** The user's own workspace: it has no other members and cannot be deleted or left. */
  personal: z.boolean(),
  /** The caller's role in it. */
  role: z.enum(workspaceRoles),
  ownerEmail: z.string(),
  approvalRule: z.enum(approvalRules),
  /** The time zone its schedules and calendar use; null: each member's own (Settings). */
  timeZone: z.string().nullable(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** The current workspace with its plan: what it may do (schedule, posts a month, accounts, storage), from its owner's plan. */
export const currentWorkspaceSchema = workspaceSchema.extend({ membership: membershipSchema });
export type CurrentWorkspace = z.infer<typeof currentWorkspaceSchema>;

export const invitationSummarySchema = z.object({
  invitationId: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string(),
  email: z.string(),
  role: z.enum(assignableRoles),
  invitedByEmail: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

export const workspaceListSchema = z.object({
  /** The personal workspace first, then the others by name. */
  workspaces: z.array(workspaceSchema),
  /** Invitations addressed to the caller's e-mail that are still open. */
  invitations: z.array(invitationSummarySchema),
  /** How many workspaces the caller may still create (null: no limit). */
  workspacesLeft: z.number().int().nullable(),
});
export type WorkspaceList = z.infer<typeof workspaceListSchema>;

export const createWorkspaceSchema = z.object({ name: workspaceNameSchema });
export const updateWorkspaceSchema = z
  .object({ name: workspaceNameSchema.optional(), approvalRule: z.enum(approvalRules).optional(), timeZone: timeZoneSchema.nullable().optional() })
  .refine((body) => Object.keys(body).length > 0, 'Say what to change: name, approvalRule or timeZone.');

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  role: z.enum(workspaceRoles),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(invitationSummarySchema),
  /** The plan's limit on members (owner included, open invitations counted); null: none. */
  maxMembers: z.number().int().nullable(),
});
export type MemberList = z.infer<typeof memberListSchema>;

export const inviteMemberSchema = z.object({
  email: z.email('Enter an e-mail address, such as name@example.com.').trim().toLowerCase().max(254),
  role: z.enum(assignableRoles),
});
export const memberPathSchema = z.object({ memberId: z.uuid('Not a member id.') });
export const invitationPathSchema = z.object({ invitationId: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not an invitation id.') });
export const changeRoleSchema = z.object({ role: z.enum(assignableRoles) });
export const transferOwnershipSchema = z.object({ memberId: z.uuid('Not a member id.') });
/** The secret from the invitation mail's link. */
export const invitationTokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not complete: open the link from the e-mail again.') });

export const invitationPreviewSchema = invitationSummarySchema.extend({
  /** Whether the signed-in user's e-mail is the one invited (only that user can accept). */
  forYou: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
