import { Amplify } from 'aws-amplify';
import { ConsoleLogger, Hub } from 'aws-amplify/utils';
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  getCurrentUser,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import type { WebConfig } from '../../../../../shared/api/webConfig';

let authFlowType: WebConfig['authFlowType'] = 'USER_SRP_AUTH';

/** Amplify (loaded on demand by ./amplify.ts) is used for Auth only. Offline it talks to cognito-local through userPoolEndpoint. */
export function configureAuth(config: WebConfig): void {
  authFlowType = config.authFlowType;
  // Offline the user-pool endpoint is the twin's, on purpose: Amplify's "custom endpoint" warning
  // would repeat on every page load. Only that call is quietened; Amplify's errors still show.
  const level = ConsoleLogger.LOG_LEVEL;
  if (config.cognitoEndpoint) ConsoleLogger.LOG_LEVEL = 'ERROR';
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
      },
    },
  });
  ConsoleLogger.LOG_LEVEL = level;
}

export interface SignedInUser {
  userId: string;
  email: string;
}

export type SignInOutcome = 'signedIn' | 'confirmSignUp';

export type AuthEvent = 'signedIn' | 'signedOut' | 'tokenRefresh' | 'tokenRefresh_failure';

/** Amplify's auth events (sign-in, sign-out, token refresh) as they happen; returns the unsubscribe. */
export function listenToAuth(handler: (event: AuthEvent) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedIn' || payload.event === 'signedOut' || payload.event === 'tokenRefresh' || payload.event === 'tokenRefresh_failure') handler(payload.event);
  });
}

export const authApi = {
  async signIn(email: string, password: string): Promise<SignInOutcome> {
    const result = await signIn({ username: email, password, options: { authFlowType } });
    if (result.isSignedIn) return 'signedIn';
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
    throw new Error(`Unsupported sign-in step: ${result.nextStep.signInStep}`);
  },

  async signUp(email: string, password: string): Promise<void> {
    await signUp({ username: email, password, options: { userAttributes: { email } } });
  },

  async confirmSignUp(email: string, code: string): Promise<void> {
    await confirmSignUp({ username: email, confirmationCode: code });
  },

  async resendCode(email: string): Promise<void> {
    await resendSignUpCode({ username: email });
  },

  async requestPasswordReset(email: string): Promise<void> {
    await resetPassword({ username: email });
  },

  async confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void> {
    await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
  },

  async signOut(): Promise<void> {
    await signOut();
  },

  /** The signed-in user, or undefined. Sessions refresh automatically. */
  async currentUser(): Promise<SignedInUser | undefined> {
    try {
      const user = await getCurrentUser();
      const session = await fetchAuthSession();
      const email = session.tokens?.idToken?.payload['email'];
      return { userId: user.userId, email: typeof email === 'string' ? email : (user.signInDetails?.loginId ?? '') };
    } catch {
      return undefined;
    }
  },

  /** The ID token the API's JWT authorizer checks (it carries the email the API needs). */
  async idToken(): Promise<string | undefined> {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString();
  },
};
