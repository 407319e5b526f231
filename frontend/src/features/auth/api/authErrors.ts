import type { TFunction } from 'i18next';

/**
 * Words for a failed auth call: known Cognito errors get our (translated) text; anything else
 * shows the provider's own message, and only a missing message falls back to a generic one.
 */
export function authErrorMessage(error: unknown, t: TFunction, fallback: 'failedSignIn' | 'failedInit' | 'failedSignOut' = 'failedSignIn'): string {
  const name = (error as { name?: string } | undefined)?.name;
  const message = (error as { message?: string } | undefined)?.message;
  switch (name) {
    case 'NotAuthorizedException':
      // Sign-in is turned off only while the account is being deleted.
      if (message === 'User is disabled.') return t('auth.accountDisabled');
      return t('auth.invalidCredentials');
    case 'UserNotFoundException':
      return t('auth.invalidCredentials');
    case 'UserNotConfirmedException':
      return t('auth.notConfirmed');
    case 'NetworkError':
    case 'TypeError':
      return t('auth.unavailable');
    default:
      if (message && /network|fetch/i.test(message)) return t('auth.unavailable');
      return message || t(`auth.${fallback}`);
  }
}
