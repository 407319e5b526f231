import * as z from '../zod';

export const membershipTypes = ['free', 'admin'] as const;
export type MembershipType = (typeof membershipTypes)[number];

const GiB = 1024 ** 3;

/**
 * What each membership type allows. `null` means no limit. maxStorageBytes bounds the bytes a
 * user keeps in the media and content buckets together (uploads in progress count at their
 * declared size).
 */
export const membershipAllowances: Record<
  MembershipType,
  { maxPosts: number | null; canSchedule: boolean; maxAccounts: number | null; maxStorageBytes: number | null }
> = {
  free: { maxPosts: 3, canSchedule: false, maxAccounts: 1, maxStorageBytes: 2 * GiB },
  admin: { maxPosts: null, canSchedule: true, maxAccounts: null, maxStorageBytes: null },
};

/**
 * What each membership type allows in workspaces: how many shared workspaces a user may own
 * (the personal one not counted) and how many members each may have (the owner and open
 * invitations counted). The workspace's other limits are its own membership record's, above.
 */
export const workspaceAllowances: Record<MembershipType, { maxOwnedWorkspaces: number | null; maxMembers: number | null }> = {
  free: { maxOwnedWorkspaces: 2, maxMembers: 3 },
  admin: { maxOwnedWorkspaces: null, maxMembers: null },
};

export const membershipSchema = z.object({
  userId: z.string(),
  userEmail: z.string(),
  membershipType: z.enum(membershipTypes),
  maxPosts: z.number().int().nullable(),
  canSchedule: z.boolean(),
  maxAccounts: z.number().int().nullable(),
  maxStorageBytes: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const meSchema = z.object({
  userId: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  membership: membershipSchema,
});
export type Me = z.infer<typeof meSchema>;
