import { createConnectionService, type ConnectionService } from '../services/connections';
import { createCreatorInfoService, type CreatorInfoService } from '../services/creatorInfo';
import { createOAuthStates } from '../services/oauthStates';
import { createAccountChoices } from '../services/accountChoices';
import { connectionsContext } from './connectionsContext';
import { memberships } from './memberships';
import { clock, createLogger, documentClient, siteUrl, tableName } from './shared';
import { checkOutboundAddress, outboundAllowedOrigins, OutboundRefused } from '../http/outbound';

/** Why the one outbound rule refuses an address, in its words; undefined when it lets it through. */
async function outboundRefusal(address: string, allowedOrigins: readonly string[]): Promise<string | undefined> {
  try {
    await checkOutboundAddress(address, { allowedOrigins });
    return undefined;
  } catch (error) {
    if (error instanceof OutboundRefused) return error.message;
    throw error;
  }
}

let service: Promise<ConnectionService> | undefined;
/** Connecting accounts (OAuth), listing and disconnecting them. */
export function connectionService(): Promise<ConnectionService> {
  if (service) return service;
  const logger = createLogger('connections-service');
  service = connectionsContext().then(({ adapters, store, cipher }) =>
    createConnectionService({
      db: documentClient(),
      store,
      adapters,
      states: createOAuthStates({ db: documentClient(), tableName: tableName('oauthStates'), clock, cipher }),
      choices: createAccountChoices({ db: documentClient(), tableName: tableName('oauthStates'), clock, cipher }),
      memberships: memberships(),
      clock,
      siteUrl: siteUrl(),
      warn: (message, details) => logger.warn(message, details),
      outboundRefusal: (address) => outboundRefusal(address, outboundAllowedOrigins(process.env)),
    }),
  );
  return service;
}

let creatorInfo: Promise<CreatorInfoService> | undefined;
/** A connected account's current posting settings (TikTok's creator_info), asked with its tokens. */
export function creatorInfoService(): Promise<CreatorInfoService> {
  return (creatorInfo ??= connectionsContext().then(({ adapters, store, freshness }) => createCreatorInfoService({ store, adapters, freshness, clock })));
}
