import { createApiKeys, type ApiKeys } from '../services/apiKeys';
import { clock, documentClient, tableName } from './shared';

let service: ApiKeys | undefined;
/** A workspace's API keys (the memberships table): every API function verifies the public API's keys with it. */
export function apiKeyService(): ApiKeys {
  return (service ??= createApiKeys({ db: documentClient(), tableName: tableName('memberships'), clock }));
}
