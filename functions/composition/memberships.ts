import { createMembershipService, type MembershipService } from '../services/memberships';
import { createStorageQuota, type StorageQuota } from '../services/storageQuota';
import { clock, documentClient, tableName } from './shared';

let membershipService: MembershipService | undefined;
/** Memberships and plans (the memberships table). */
export function memberships(): MembershipService {
  return (membershipService ??= createMembershipService({ db: documentClient(), tableName: tableName('memberships'), clock }));
}

let quota: StorageQuota | undefined;
/** Bytes stored per user and their upload records (kept in the memberships table). */
export function storageQuota(): StorageQuota {
  return (quota ??= createStorageQuota({ db: documentClient(), tableName: tableName('memberships'), clock }));
}

/** The user's plan's storage limit (null: none). */
export const storageLimit = (userId: string) => memberships().storageLimit(userId);
