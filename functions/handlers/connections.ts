import { readTableNames } from '../config';
import { systemClock } from '../clock';
import { createDocumentClient, createLogger, readSiteUrl } from '../composition';
import { createConnectionsContext } from '../connectionsContext';
import { createHttpHandler } from '../http/httpHandler';
import { requestCookie, withCookies } from '../http/cookies';
import { createConnectionService, OAUTH_COOKIE_NAME } from '../services/connections';
import { createMembershipService } from '../services/memberships';
import { createOAuthStates } from '../services/oauthStates';

const logger = createLogger('connections');
const db = createDocumentClient();
const tableNames = readTableNames(process.env, ['memberships', 'oauthStates']);
const { adapters, store } = await createConnectionsContext(process.env, db, systemClock);
const connections = createConnectionService({
  db,
  store,
  adapters,
  states: createOAuthStates({ db, tableName: tableNames.oauthStates, clock: systemClock }),
  memberships: createMembershipService({ db, tableName: tableNames.memberships, clock: systemClock }),
  clock: systemClock,
  siteUrl: readSiteUrl(process.env),
  warn: (message, details) => logger.warn(message, details),
});

export const handler = createHttpHandler(
  'connections',
  {
    listConnections: ({ user }) => connections.list(user),
    startConnection: async ({ user, input }) => {
      const { authorizationUrl, cookie } = await connections.startAuthorization(user, input.path.platform);
      return withCookies({ authorizationUrl }, [cookie]);
    },
    completeConnection: ({ input, event }) =>
      connections.completeAuthorization(input.path.platform, input.query, requestCookie(event.cookies, OAUTH_COOKIE_NAME)),
    confirmConnection: async ({ user, input, event }) => {
      const { location, cookie } = await connections.confirmAuthorization(
        user,
        input.path.platform,
        input.body.state,
        requestCookie(event.cookies, OAUTH_COOKIE_NAME),
      );
      return withCookies({ location }, [cookie]);
    },
    disconnectConnection: async ({ user, input }) => {
      await connections.disconnect(user, input.path.platform, input.path.accountId);
      return undefined;
    },
  },
  logger,
);
