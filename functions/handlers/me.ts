import { readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger } from '../composition';
import { createHttpHandler } from '../http/httpHandler';
import { createMembershipService } from '../services/memberships';

const tableNames = readTableNames(process.env, ['memberships']);
const memberships = createMembershipService({
  db: createDocumentClient(),
  tableName: tableNames.memberships,
  clock: systemClock,
});

export const handler = createHttpHandler(
  'me',
  {
    getMe: async ({ user }) => {
      const membership = await memberships.ensure(user);
      return {
        userId: user.userId,
        email: membership.userEmail,
        isAdmin: membership.membershipType === 'admin',
        membership,
      };
    },
  },
  createLogger('me'),
);
