import { describe, expect, it } from 'vitest';
import { typedServerProblem } from '../../../frontend/src/features/accounts/components/ServerConnectForm';
import { en } from '../../../shared/i18n/en';
import { tr } from '../../../shared/i18n/tr';

/** The server a user types to connect (the Accounts card and the composer's Connect): said in words before the browser leaves. */
describe('a typed server address', () => {
  it.each(['mastodon.social', ' https://mastodon.social ', 'https://fosstodon.org/', 'http://127.0.0.1:4010/mastodon/social'])('%s goes to the API (which checks it with the outbound rule)', (typed) => {
    expect(typedServerProblem(typed)).toBeUndefined();
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['@ada@mastodon.social', 'notAddress'],
    ['mastodon social', 'notAddress'],
    ['mastodon', 'notAddress'],
    ['mastodon.social?x=1', 'notAddress'],
    ['https://', 'notAddress'],
  ] as const)('%j is refused in words (%s)', (typed, problem) => {
    expect(typedServerProblem(typed)).toBe(problem);
  });

  it('has its words in English and Turkish, naming the example', () => {
    for (const words of [en.accounts.server, tr.accounts.server]) {
      expect(words.empty).toContain('{{example}}');
      expect(words.notAddress).toContain('{{server}}');
      expect(words.notAddress).toContain('{{example}}');
    }
    expect(tr.accounts.server.empty).not.toBe(en.accounts.server.empty);
  });
});
