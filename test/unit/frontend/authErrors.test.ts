import { describe, expect, it } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { en } from '../../../shared/i18n/en';
import { tr } from '../../../shared/i18n/tr';
import { authErrorMessage } from '../../../frontend/src/features/auth/api/authErrors';

async function translator(language: 'en' | 'tr'): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { en: { translation: en }, tr: { translation: tr } }, interpolation: { escapeValue: false } });
  return instance.t;
}

const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('the words a failed sign-in shows', () => {
  it('says the account is being deleted when Cognito refuses a disabled user, not that the password is wrong', async () => {
    const t = await translator('en');
    expect(authErrorMessage(cognitoError('NotAuthorizedException', 'User is disabled.'), t)).toBe('This account is being deleted, so it can no longer sign in.');
    expect(authErrorMessage(cognitoError('NotAuthorizedException', 'Incorrect username or password.'), t)).toBe('Invalid email or password');
    expect(authErrorMessage(cognitoError('NotAuthorizedException', 'User is disabled.'), await translator('tr'))).toBe('Bu hesap siliniyor; artık giriş yapılamaz.');
  });
});
