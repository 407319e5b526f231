import type { WebConfig } from '../../../../../shared/api/webConfig';
import type { AuthEvent, SignedInUser, SignInOutcome } from './amplifyClient';

export type { SignedInUser, SignInOutcome } from './amplifyClient';

/**
 * The auth calls the app makes, with Amplify (about 36 KiB gzip) loaded on demand: the first
 * page renders without it, and it starts loading as soon as the config is known, so it has
 * normally arrived before anyone presses Sign in. A visitor with no stored session is known to
 * be signed out without it (see hasStoredSession).
 */
let config: WebConfig | undefined;
let client: Promise<typeof import('./amplifyClient')> | undefined;

function amplify(): Promise<typeof import('./amplifyClient')> {
  if (!config) return Promise.reject(new Error('Auth is used before configureAuth'));
  const webConfig = config;
  client ??= import('./amplifyClient').then(
    (module) => {
      module.configureAuth(webConfig);
      return module;
    },
    (error: unknown) => {
      client = undefined; // a failed chunk load is tried again by the next call
      throw error;
    },
  );
  return client;
}

/** Remembers the deployment's settings and starts loading Amplify, in parallel with the first render. */
export function configureAuth(webConfig: WebConfig): void {
  config = webConfig;
  amplify().catch(() => undefined); // each call that needs it reports its own failure
}

/**
 * True when this browser holds a Cognito session for this app: Amplify keeps the last user under
 * `CognitoIdentityServiceProvider.<app client id>.LastAuthUser` in localStorage and removes it
 * on sign-out. Without it nobody is signed in, and Amplify need not be asked.
 */
export function hasStoredSession(): boolean {
  if (!config) return false;
  try {
    return localStorage.getItem(`CognitoIdentityServiceProvider.${config.userPoolClientId}.LastAuthUser`) !== null;
  } catch {
    return true; // storage unreadable: let Amplify decide
  }
}

/** Amplify's auth events once it has loaded; the returned function unsubscribes (also before it has). */
export function listenToAuth(handler: (event: AuthEvent) => void): () => void {
  let unsubscribe: (() => void) | undefined;
  let stopped = false;
  amplify().then(
    (module) => {
      if (!stopped) unsubscribe = module.listenToAuth(handler);
    },
    () => undefined, // nothing to listen to; the calls themselves report the failure
  );
  return () => {
    stopped = true;
    unsubscribe?.();
  };
}

export const authApi = {
  signIn: async (email: string, password: string): Promise<SignInOutcome> => (await amplify()).authApi.signIn(email, password),
  signUp: async (email: string, password: string): Promise<void> => (await amplify()).authApi.signUp(email, password),
  confirmSignUp: async (email: string, code: string): Promise<void> => (await amplify()).authApi.confirmSignUp(email, code),
  resendCode: async (email: string): Promise<void> => (await amplify()).authApi.resendCode(email),
  requestPasswordReset: async (email: string): Promise<void> => (await amplify()).authApi.requestPasswordReset(email),
  confirmPasswordReset: async (email: string, code: string, newPassword: string): Promise<void> =>
    (await amplify()).authApi.confirmPasswordReset(email, code, newPassword),
  signOut: async (): Promise<void> => (await amplify()).authApi.signOut(),
  /** The signed-in user, or undefined (at once when no session is stored here). */
  currentUser: async (): Promise<SignedInUser | undefined> => {
    if (!hasStoredSession()) return undefined;
    return (await amplify()).authApi.currentUser();
  },
  /** The ID token the API's JWT authorizer checks. */
  idToken: async (): Promise<string | undefined> => (await amplify()).authApi.idToken(),
};
