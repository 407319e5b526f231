import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { routeIds, routes, type RouteId } from '../../../shared/api/routes';
import type { ModuleToken } from '../../../shared/api/modules';
import type { AccountDeletion } from '../../../shared/api/account';
import { callRoute, callRouteWithinLimits } from '../../support/routes';
import { callApi, createUser, documentClient, signIn } from '../../support/users';
import { moduleSessionFor, registerContent, sampleCartoon } from '../../support/content';
import { tinyJpeg, uploadMedia } from '../../support/posts';
import { startDeletion, waitForDeletion } from '../../support/deletion';
import { userFootprint } from '../../support/userData';
import { matrix } from '../security/routeMatrix';
import { userWithAccounts } from '../../support/accounts';
import { sandboxControl } from '../../support/connect';
import { InitiateAuthCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { localCredentials, localRegion } from '../../../infra/local/environment';

const twin = inject('twin');
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('deletion is final', () => {
  it('after a completed deletion the old ID token, module session and launch token create nothing anywhere', async () => {
    const user = await createUser(twin);
    const refreshToken = (await signIn(twin, user.email, user.password)).RefreshToken!;
    await callApi(twin, '/me', user.idToken);
    await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const session = await moduleSessionFor(twin, user);
    await registerContent(twin, session, { type: 'video', fileName: 'before.mp4', contentType: 'video/mp4', body: sampleCartoon });
    const launch = (await callApi(twin, '/module-tokens', user.idToken, json({ module: 'podcast' }))).body as unknown as ModuleToken;

    const started = await startDeletion(twin, user);
    expect(started.status).toBe('deleting');
    const done = await waitForDeletion(twin, user);
    expect(done, JSON.stringify(done)).toMatchObject({ status: 'deleted', stalled: false, error: null });
    expect(done.steps.map((step) => [step.step, step.done])).toEqual([
      ['signOut', true], ['posts', true], ['connections', true], ['data', true], ['membership', true], ['signIn', true],
    ]);

    // Signed out everywhere, then deleted: neither the refresh token nor the password gets a new token.
    const cognito = new CognitoIdentityProviderClient({ endpoint: twin.endpoints.cognito, region: localRegion, credentials: localCredentials });
    await expect(cognito.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: twin.clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }))).rejects.toThrow();
    cognito.destroy();
    await expect(signIn(twin, user.email, user.password)).rejects.toThrow();

    // Every user route of the route table, with the still-valid ID token: refused in words, before any handler.
    const userRoutes = routeIds.filter((id) => routes[id].auth === 'user');
    const answers: Array<[RouteId, number]> = [];
    for (const id of userRoutes) {
      const entry = matrix[id];
      if (entry.auth !== 'user') throw new Error('unreachable');
      const response = await callRouteWithinLimits(twin, id, entry.sample, user.idToken);
      answers.push([id, response.status]);
      if (id === 'getAccountDeletion') {
        expect(response.body).toMatchObject({ status: 'deleted' });
        continue;
      }
      expect(response.status, id).toBe(410);
      expect(response.body, id).toMatchObject({ code: 'AccountDeleted', message: expect.stringMatching(/^This account has been deleted\./) });
    }
    expect(answers.filter(([, status]) => status === 200).map(([id]) => id)).toEqual(['getAccountDeletion']);

    // The module session and the launch token issued before the deletion: refused too.
    for (const id of routeIds.filter((id) => matrix[id].auth === 'public' && (matrix[id] as { moduleSession?: unknown }).moduleSession)) {
      const entry = matrix[id];
      if (entry.auth !== 'public') throw new Error('unreachable');
      const response = await callRoute(twin, id, entry.probe, session);
      expect([401, 410], `${id}: ${response.text}`).toContain(response.status);
    }
    const exchanged = await callApi(twin, '/module-sessions', undefined, json({ token: launch.token, module: 'podcast' }));
    expect(exchanged.status).toBeGreaterThanOrEqual(400);
    expect(exchanged.status).toBeLessThan(500);

    // Nothing anywhere names the user, but the tombstone (which expires an hour after the token does).
    const footprint = await userFootprint(twin, user.userId);
    const { deletedAccounts: tombstone, ...rows } = footprint.rows;
    expect(rows, 'rows naming the user').toEqual(Object.fromEntries(Object.keys(rows).map((table) => [table, []])));
    expect(footprint.objects, 'objects under the user').toEqual(Object.fromEntries(Object.keys(footprint.objects).map((bucket) => [bucket, []])));
    expect(tombstone).toEqual([expect.objectContaining({ userId: user.userId, status: 'deleted', expiresAt: expect.any(Number) })]);
  }, 60_000);

  it('a sign-in right after "Delete my account" fails, while the deletion still runs', async () => {
    const { user, names } = await userWithAccounts(twin, ['linkedin']);
    // LinkedIn answers the deletion's revoke late: the task is still disconnecting when the person signs in again.
    await sandboxControl(twin).injectFault({ platform: 'linkedin', method: 'POST', hostKey: 'www', path: '/oauth/v2/revoke', delayMs: 4_000 });

    const started = await startDeletion(twin, user);
    expect(started.status).toBe('deleting');
    await expect(signIn(twin, user.email, user.password)).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'User is disabled.' });
    const meanwhile = (await callApi(twin, '/account/deletion', user.idToken)).body as unknown as AccountDeletion;
    expect(meanwhile.status, JSON.stringify(meanwhile)).toBe('deleting');
    expect(meanwhile.steps.find((step) => step.step === 'signIn')?.done).toBe(false);

    await expect(waitForDeletion(twin, user)).resolves.toMatchObject({ status: 'deleted' });
    await expect(signIn(twin, user.email, user.password)).rejects.toThrow();
    expect((await sandboxControl(twin).tokens('linkedin')).filter((token) => token.account === names.linkedin).every((token) => token.revoked)).toBe(true);
  }, 60_000);

  it('a deletion interrupted halfway refuses every other route, shows where it stopped, and is finished by Continue', async () => {
    const user = await createUser(twin);
    await callApi(twin, '/me', user.idToken);
    await uploadMedia(twin, user.userId, { kind: 'image', body: tinyJpeg });
    const launch = (await callApi(twin, '/module-tokens', user.idToken, json({ module: 'autotoon' }))).body as unknown as ModuleToken;
    // What a deletion task killed after its first two steps leaves behind (its run began 20 minutes ago).
    const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000).toISOString();
    await documentClient(twin).send(
      new PutCommand({
        TableName: twin.tableNames.deletedAccounts,
        Item: {
          userId: user.userId,
          email: user.email,
          status: 'deleting',
          startedAt: twentyMinutesAgo,
          runStartedAt: twentyMinutesAgo,
          runs: 1,
          steps: { signOut: { doneAt: twentyMinutesAgo, count: null }, posts: { doneAt: twentyMinutesAgo, count: 0 } },
        },
      }),
    );

    for (const id of routeIds.filter((id) => routes[id].auth === 'user' && id !== 'getAccountDeletion' && id !== 'deleteAccount')) {
      const entry = matrix[id];
      if (entry.auth !== 'user') throw new Error('unreachable');
      const response = await callRouteWithinLimits(twin, id, entry.sample, user.idToken);
      expect(response.status, id).toBe(409);
      expect(String((response.body as { message?: string }).message), id).toMatch(/^This account is being deleted/);
    }

    // A module launched before the deletion cannot open a session for the user meanwhile.
    const exchanged = await callApi(twin, '/module-sessions', undefined, json({ token: launch.token, module: 'autotoon' }));
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(409);

    const stalled = await waitForDeletion(twin, user);
    expect(stalled).toMatchObject({ status: 'deleting', stalled: true, error: 'The deletion stopped before it finished.' });
    expect(stalled.steps.filter((step) => step.done).map((step) => step.step)).toEqual(['signOut', 'posts']);

    // Continue deletion: no second confirmation needed.
    const continued = await startDeletion(twin, user, '');
    expect(continued).toMatchObject({ status: 'deleting', stalled: false });
    await expect(waitForDeletion(twin, user)).resolves.toMatchObject({ status: 'deleted' });
    const footprint = await userFootprint(twin, user.userId);
    const { deletedAccounts: _tombstone, ...rows } = footprint.rows;
    expect(Object.values(rows).flat()).toEqual([]);
    expect(Object.values(footprint.objects).flat()).toEqual([]);
    await expect(signIn(twin, user.email, user.password)).rejects.toThrow();
  }, 60_000);

  it('a deletion already running is not started twice: asking again answers its progress', async () => {
    const user = await createUser(twin);
    await callApi(twin, '/me', user.idToken);
    const now = new Date().toISOString();
    await documentClient(twin).send(
      new PutCommand({
        TableName: twin.tableNames.deletedAccounts,
        Item: { userId: user.userId, email: user.email, status: 'deleting', startedAt: now, runStartedAt: now, runs: 1, steps: {}, marker: randomUUID() },
      }),
    );
    const again = await startDeletion(twin, user, '');
    expect(again).toMatchObject({ status: 'deleting', stalled: false });
    expect(again.steps.every((step) => !step.done)).toBe(true);
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { Item } = await documentClient(twin).send(new GetCommand({ TableName: twin.tableNames.deletedAccounts, Key: { userId: user.userId } }));
    expect(Item).toMatchObject({ runs: 1 });
  });
});
