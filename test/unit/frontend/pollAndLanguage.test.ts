import { describe, expect, it } from 'vitest';
import { pollDurations, pollLimitsFor, pollProblem } from '../../../frontend/src/features/posts/wizard/options/PollAndLanguage';
import { iso639_1 } from '../../../shared/languages';

/** The composer's poll and language fields, where a network's rule names them (`poll`, `language`). */
const rule = { field: 'poll', maxOptions: 4, maxCharactersPerOption: 50, minSeconds: 300, maxSeconds: 2_629_746 };
const readAt = '2026-11-28T00:00:00.000Z';

describe('the poll and language fields', () => {
  it('offer the network\'s poll limits, narrowed by the account\'s server\'s own', () => {
    expect(pollLimitsFor(rule, null)).toEqual({ maxOptions: 4, maxCharactersPerOption: 50, minSeconds: 300, maxSeconds: 2_629_746 });
    expect(pollLimitsFor(rule, { pollMaxOptions: 3, pollMaxCharactersPerOption: 25, pollMinSeconds: 3600, pollMaxSeconds: 86_400, readAt })).toEqual({ maxOptions: 3, maxCharactersPerOption: 25, minSeconds: 3600, maxSeconds: 86_400 });
    // A server allowing more than the network's rule (and our request schema) still gets the rule's.
    expect(pollLimitsFor(rule, { pollMaxOptions: 8, readAt }).maxOptions).toBe(4);
    expect(pollDurations.filter((seconds) => seconds >= 3600 && seconds <= 86_400)).toEqual([3600, 21_600, 86_400]);
  });

  it('say in words what keeps a poll from going', () => {
    const limits = pollLimitsFor(rule, null);
    expect(pollProblem({ options: ['Yes', 'No'], expiresInSeconds: 3600, multiple: false }, limits)).toBeUndefined();
    expect(pollProblem({ options: ['Yes', ' '], expiresInSeconds: 3600, multiple: false }, limits)).toEqual({ key: 'optionEmpty' });
    expect(pollProblem({ options: ['Yes', 'x'.repeat(51)], expiresInSeconds: 3600, multiple: false }, limits)).toEqual({ key: 'optionTooLong', values: { max: 50 } });
  });

  it('pick among the ISO 639-1 languages, each named in the user\'s language', () => {
    expect(iso639_1).toHaveLength(183);
    expect(iso639_1.every((code) => /^[a-z]{2}$/.test(code))).toBe(true);
    expect(new Intl.DisplayNames(['tr'], { type: 'language' }).of('en')).toBe('İngilizce');
  });
});
