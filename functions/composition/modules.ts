import type { ApiEvent } from '../http/apiEvent';
import { createModuleTokens, type ModuleTokens } from '../services/moduleTokens';
import { accountGate } from './http';
import { clock, documentClient, tableName } from './shared';

let tokens: ModuleTokens | undefined;
/** Module tokens and sessions (the moduleTokens table). */
export function moduleTokens(): ModuleTokens {
  return (tokens ??= createModuleTokens({ db: documentClient(), tableName: tableName('moduleTokens'), clock }));
}

/** The module content routes run as the module session in "Authorization: Bearer …", never as a Cognito user. */
export async function moduleCaller(event: ApiEvent) {
  const caller = await moduleTokens().authenticate(event.headers['authorization']);
  await accountGate().admit(caller.userId, 'moduleSession');
  return caller;
}
