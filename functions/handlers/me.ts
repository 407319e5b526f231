import { apiDependencies } from '../composition/http';
import { memberships } from '../composition/memberships';
import { createHttpHandler } from '../http/httpHandler';

const service = memberships();

export const handler = createHttpHandler(
  'me',
  {
    getMe: async ({ user }) => {
      const membership = await service.ensure(user);
      return { userId: user.userId, email: membership.userEmail, isAdmin: membership.membershipType === 'admin', membership };
    },
  },
  apiDependencies('me'),
);
