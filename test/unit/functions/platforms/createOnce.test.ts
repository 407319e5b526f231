import { describe, expect, it } from 'vitest';
import { CannotTell, createOnceWith, OutcomeUnknown } from '../../../../functions/platforms/createOnce';
import { AuthExpired, RateLimited, Rejected, Retryable } from '../../../../functions/platforms/errors';

/** A target whose intent is armed (`armed`: by an earlier attempt) and what happened to it. */
function target(armed: boolean) {
  const events: string[] = [];
  const createOnce = createOnceWith(
    {
      arm: async () => (events.push('arm'), !armed),
      disarm: async () => void events.push('disarm'),
    },
    'Example',
  );
  return { events, createOnce };
}

const RAW = '{"error":{"message":"An unknown error occurred","code":1}}';

describe('createOnce: the look-up after a lost answer', () => {
  it.each([
    ['a refusal with the platform\'s body (a 404)', new Rejected(`Example API error: ${RAW}`)],
    ['a refused token', new AuthExpired(`Example needs you to reconnect: ${RAW}`)],
    ['a rate limit', new RateLimited(`Example rate limit reached: ${RAW}`)],
    ['a bug reading a malformed answer', new TypeError("Cannot read properties of undefined (reading 'map')")],
  ])('ends "cannot tell … check your account" in our words when it fails with %s, and never sends', async (_name, failure) => {
    const { events, createOnce } = target(true);
    const error = await createOnce({ what: 'the post', progress: {}, send: async () => (events.push('send'), 'again'), reconcile: async () => Promise.reject(failure) }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect((error as Error).message).toBe('Example cannot tell whether the post was created (asking Example whether it was created failed): check your Example account before publishing again.');
    expect(events).toEqual(['arm']);
  });

  it('keeps the reason a look-up gave in words (CannotTell)', async () => {
    const { createOnce } = target(true);
    const error = await createOnce({ what: 'the post', progress: {}, send: async () => 'again', reconcile: async () => Promise.reject(new CannotTell('the upload session expired')) }).catch((caught: unknown) => caught);

    expect((error as Error).message).toBe('Example cannot tell whether the post was created (the upload session expired): check your Example account before publishing again.');
  });

  it('leaves a look-up that got no answer (a timeout, a 5xx) to be tried again, in our words, the target still armed', async () => {
    const { events, createOnce } = target(true);
    const error = await createOnce({ what: 'the post', progress: {}, send: async () => 'again', reconcile: async () => Promise.reject(new Retryable(`Example is unavailable: ${RAW}`)) }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(Retryable);
    expect(error).not.toBeInstanceOf(OutcomeUnknown);
    expect((error as Retryable).outcomeUnknown).toBe(true);
    expect((error as Error).message).toBe('Example did not answer whether the post was created');
    expect(events).toEqual(['arm']);
  });

  it('keeps the intent armed and ends "cannot tell" when the create call itself answers without saying what it made', async () => {
    const { events, createOnce } = target(false);
    const error = await createOnce({ what: 'the post', progress: {}, send: async () => Promise.reject(new CannotTell('Example answered without the post\'s id')), reconcile: async () => undefined }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(OutcomeUnknown);
    expect((error as Error).message).toMatch(/^Example cannot tell whether the post was created \(Example answered without the post's id\): check your Example account/);
    expect(events).toEqual(['arm']);
  });
});
