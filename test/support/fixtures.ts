import type { Me } from '../../shared/api/membership';

/** A signed-in user's GET /me answer: the free membership of user u1. */
export const sampleMe: Me = {
  userId: 'u1',
  email: 'a@example.com',
  isAdmin: false,
  membership: {
    userId: 'u1',
    userEmail: 'a@example.com',
    membershipType: 'free',
    maxPosts: 3,
    canSchedule: false,
    maxAccounts: 1,
    maxStorageBytes: 2 * 1024 ** 3,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};
