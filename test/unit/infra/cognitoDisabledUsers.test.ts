import { describe, expect, it } from 'vitest';
import { withDisabledUsers } from '../../../infra/local/cognito/cognitoLocal';

type Router = Parameters<typeof withDisabledUsers>[0];
type Cognito = Parameters<typeof withDisabledUsers>[1];

const disabled = { Username: 'gone@example.com', Password: 'Right-pass-1', Enabled: false };
const active = { Username: 'here@example.com', Password: 'Right-pass-1', Enabled: true };

/** cognito-local's pool at the port the wrapper uses: users by name and by refresh token. */
function poolOf(users: Array<typeof disabled>, refreshTokens: Record<string, string>): Cognito {
  const pool = {
    getUserByUsername: async (_ctx: unknown, name: string) => users.find((user) => user.Username === name) ?? null,
    getUserByRefreshToken: async (_ctx: unknown, token: string) => users.find((user) => user.Username === refreshTokens[token]) ?? null,
  };
  return { getUserPoolForClientId: async () => pool } as unknown as Cognito;
}

/** Every target answers which route ran, so a test sees whether the request got through. */
const router: Router = (target) => async () => ({ ranBy: target }) as never;
const ctx = {} as never;

describe("the twin's Cognito and a disabled user", () => {
  const guarded = withDisabledUsers(router, poolOf([disabled, active], { 'refresh-of-gone': disabled.Username }));

  it('refuses the right password and a refresh token of a disabled user as Cognito does', async () => {
    const password = { ClientId: 'web', AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: disabled.Username, PASSWORD: disabled.Password } };
    await expect(guarded('InitiateAuth')(ctx, password as never)).rejects.toMatchObject({ code: 'NotAuthorizedException', message: 'User is disabled.' });
    await expect(guarded('AdminInitiateAuth')(ctx, password as never)).rejects.toMatchObject({ code: 'NotAuthorizedException', message: 'User is disabled.' });
    const refresh = { ClientId: 'web', AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'refresh-of-gone' } };
    await expect(guarded('InitiateAuth')(ctx, refresh as never)).rejects.toMatchObject({ code: 'NotAuthorizedException', message: 'User is disabled.' });
  });

  it('leaves a wrong password, an enabled user and every other call to cognito-local', async () => {
    const wrong = { ClientId: 'web', AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: disabled.Username, PASSWORD: 'guess' } };
    await expect(guarded('InitiateAuth')(ctx, wrong as never)).resolves.toEqual({ ranBy: 'InitiateAuth' });
    const enabled = { ClientId: 'web', AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: active.Username, PASSWORD: active.Password } };
    await expect(guarded('InitiateAuth')(ctx, enabled as never)).resolves.toEqual({ ranBy: 'InitiateAuth' });
    await expect(guarded('SignUp')(ctx, {} as never)).resolves.toEqual({ ranBy: 'SignUp' });
  });
});
