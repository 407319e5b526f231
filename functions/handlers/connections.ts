import { apiDependencies } from '../composition/http';
import { connectionService, creatorInfoService } from '../composition/connections';
import { createHttpHandler } from '../http/httpHandler';
import { requestCookie, withCookies } from '../http/cookies';
import { OAUTH_COOKIE_NAME } from '../services/connections';

const connections = await connectionService();
const creatorInfo = await creatorInfoService();

export const handler = createHttpHandler(
  'connections',
  {
    listConnections: ({ user }) => connections.list(user),
    startConnection: async ({ user, input }) => {
      const { authorizationUrl, cookie } = await connections.startAuthorization(user, input.path.platform, input.body?.server);
      return withCookies({ authorizationUrl }, [cookie]);
    },
    completeConnection: ({ input, event }) =>
      connections.completeAuthorization(input.path.platform, input.query, requestCookie(event.cookies, OAUTH_COOKIE_NAME)),
    confirmConnection: async ({ user, input, event }) => {
      const { cookie, ...confirmation } = await connections.confirmAuthorization(
        user,
        input.path.platform,
        input.body.state,
        requestCookie(event.cookies, OAUTH_COOKIE_NAME),
      );
      return withCookies(confirmation, [cookie]);
    },
    chooseConnectionAccounts: async ({ user, input, event }) => {
      const { location, cookie } = await connections.chooseAccounts(user, input.path.platform, input.body, requestCookie(event.cookies, OAUTH_COOKIE_NAME));
      return withCookies({ location }, [cookie]);
    },
    getClientMetadata: async ({ input }) => connections.clientMetadata(input.path.platform),
    getCreatorInfo: ({ user, input }) => creatorInfo.get(user, input.path.platform, input.path.accountId),
    getPublishingQuota: ({ user, input }) => creatorInfo.publishingQuota(user, input.path.platform, input.path.accountId),
    getAccountDailyMetrics: ({ user, input }) => creatorInfo.dailyMetrics(user, input.path.platform, input.path.accountId),
    listAccountCollections: ({ user, input }) => creatorInfo.collections(user, input.path.platform, input.path.accountId),
    createAccountCollection: ({ user, input }) => creatorInfo.createCollection(user, input.path.platform, input.path.accountId, input.body.name),
    disconnectConnection: async ({ user, input }) => {
      await connections.disconnect(user, input.path.platform, input.path.accountId);
      return undefined;
    },
  },
  apiDependencies('connections'),
);
