import { request as httpRequest } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { defaultRateLimits } from '../../../functions/http/rateLimit';
import { callApi, createUser } from '../../support/users';

const twin = inject('twin');

/** One request from a given loopback address (each address is a different caller to the API). */
function fromAddress(url: string, localAddress: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { localAddress }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** `count` requests, 16 at a time; the statuses in order of completion. */
async function burst(count: number, send: () => Promise<{ status: number; body: string }>) {
  const answers: Array<{ status: number; body: string }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < count) answers.push(await send());
    }),
  );
  return answers;
}

describe('per-caller limits', () => {
  it('one user\'s flood is refused in words while another user keeps working', async () => {
    const flooder = await createUser(twin);
    const other = await createUser(twin);
    // More than two windows' worth cannot all fit, however the windows fall.
    const answers = await burst(defaultRateLimits.user.requests * 2 + 10, async () => {
      const { status, body } = await callApi(twin, '/connections', flooder.idToken);
      return { status, body: JSON.stringify(body) };
    });

    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(JSON.parse(refused[0]!.body)).toMatchObject({ code: 'TooManyRequests', message: expect.stringMatching(/^Too many requests in a short time\. Please wait \d+ seconds? and try again\.$/) });
    expect((await callApi(twin, '/connections', other.idToken)).status).toBe(200);
  });

  it('one address flooding the public OAuth callback is refused while another address gets through', async () => {
    const callback = `${twin.apiUrl}/connections/youtube/callback?code=flood&state=youtube_flood`;
    const answers = await burst(defaultRateLimits.public.requests * 2 + 10, () => fromAddress(callback, '127.0.0.3'));

    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.status === 302 || answer.status === 429)).toBe(true);
    const bystander = await fromAddress(callback, '127.0.0.4');
    expect(bystander.status).toBe(302);
  });
});
