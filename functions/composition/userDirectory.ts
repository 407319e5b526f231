import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ConfigurationError } from '../config';
import { createCognitoDirectory, type UserDirectory } from '../services/userDirectory';

/** The Cognito user pool whose users a deletion turns off, signs out and deletes (USER_POOL_ID). */
function userPoolId(): string {
  const id = process.env['USER_POOL_ID'];
  if (!id) throw new ConfigurationError('Missing configuration: USER_POOL_ID (the Cognito user pool accounts are deleted from)');
  return id;
}

let directory: UserDirectory | undefined;
/** The users of the pool (one Cognito client per function). */
export function userDirectory(): UserDirectory {
  return (directory ??= createCognitoDirectory(new CognitoIdentityProviderClient({}), userPoolId()));
}
