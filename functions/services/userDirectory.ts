import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminUserGlobalSignOutCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { UserIdentity } from './memberships';

/** The user's sign-in (each call idempotent: a user already gone is fine). */
export interface UserDirectory {
  /** Turns sign-in off: the password no longer gets a token (the first thing a deletion does). */
  disableSignIn(user: UserIdentity): Promise<void>;
  /** Ends every session: the refresh tokens stop working, so no new ID token can be had. */
  signOutEverywhere(user: UserIdentity): Promise<void>;
  deleteUser(user: UserIdentity): Promise<void>;
}

/**
 * Cognito: AdminDisableUser, AdminUserGlobalSignOut and AdminDeleteUser. The pool signs users in
 * by e-mail, so the user name is the `sub`; the e-mail is tried too (pools where the user name is
 * the e-mail, as cognito-local keeps it).
 */
export function createCognitoDirectory(client: CognitoIdentityProviderClient, userPoolId: string): UserDirectory {
  async function forUser(user: UserIdentity, send: (username: string) => Promise<unknown>): Promise<void> {
    for (const username of [user.userId, user.email].filter(Boolean)) {
      try {
        await send(username);
        return;
      } catch (error) {
        if ((error as Error).name !== 'UserNotFoundException') throw error;
      }
    }
  }
  return {
    disableSignIn: (user) => forUser(user, (username) => client.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: username }))),
    signOutEverywhere: (user) => forUser(user, (username) => client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }))),
    deleteUser: (user) => forUser(user, (username) => client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }))),
  };
}
