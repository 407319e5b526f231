import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Clock } from './clock';
import { readTableNames } from './config';
import { tableEnvName } from '../shared/resources/tables';
import { createTokenCipher, loadPlatformCredentials } from './composition/platformAccess';
import { createAdapters, readPlatformSettings } from './platforms/registry';
import { createConnectionStore } from './services/connectionStore';
import { createClientRegistrations } from './services/clientRegistrations';
import { createTokenFreshness } from './services/tokenFreshness';
import { webhookEventsFor } from './composition/webhookEvents';

/**
 * What every function that touches connections needs, built once per cold start: the store
 * (with token encryption; a connection turning to needs_reconnect is reported to the workspace's webhooks), the token cipher (OAuth flows keep their secrets with it), the configured platforms' adapters (with the apps they register at servers users name), and token freshness.
 */
export async function createConnectionsContext(env: NodeJS.ProcessEnv, db: DynamoDBDocumentClient, clock: Clock) {
  const tableNames = readTableNames(env, ['connections']);
  const cipher = createTokenCipher(env);
  // Only the functions that start connections have the OAuth states table, where the apps registered at servers are kept.
  const registrations = env[tableEnvName('oauthStates')]
    ? createClientRegistrations({ db, tableName: readTableNames(env, ['oauthStates']).oauthStates, cipher, clock })
    : undefined;
  const adapters = createAdapters(readPlatformSettings(env, await loadPlatformCredentials(env)), clock, undefined, registrations?.of);
  const webhooks = webhookEventsFor(env, db, clock);
  const store = createConnectionStore({ db, tableName: tableNames.connections, cipher, clock, onNeedsReconnect: (item, reason, at) => webhooks.connectionNeedsReconnect(item, reason, at) });
  return { adapters, store, cipher, freshness: createTokenFreshness({ store, adapters, clock }) };
}
