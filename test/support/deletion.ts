import { expect } from 'vitest';
import type { AccountDeletion } from '../../shared/api/account';
import type { TwinInfo } from './twinInfo';
import { callApi, type TestUser } from './users';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Confirms "Delete my account" as the page does; the answer comes at once, the task runs on. */
export async function startDeletion(twin: TwinInfo, user: TestUser, confirmation = user.email): Promise<AccountDeletion> {
  const { status, body } = await callApi(twin, '/account/delete', user.idToken, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ confirmation }),
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as unknown as AccountDeletion;
}

/** Polls GET /account/deletion (as Settings does) until the deletion is over or has stopped. */
export async function waitForDeletion(twin: TwinInfo, user: TestUser, timeoutMs = 30_000): Promise<AccountDeletion> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await callApi(twin, '/account/deletion', user.idToken);
    // A user whose deletion started has a request allowance per window (functions/http/rateLimit.ts):
    // a test that spent it just before polls again once the window has moved on.
    if (status === 429 && Date.now() < deadline) {
      await sleep(1000);
      continue;
    }
    expect(status, JSON.stringify(body)).toBe(200);
    const progress = body as unknown as AccountDeletion;
    if (progress.status === 'deleted' || progress.stalled) return progress;
    if (Date.now() > deadline) throw new Error(`The deletion is still running: ${JSON.stringify(progress)}`);
    await sleep(150);
  }
}
