import { describe, expect, it } from 'vitest';
import { checkPostOptions, postOptionRules } from '../../../shared/platforms/postOptions';
import { platforms } from '../../../shared/platforms';
import { en } from '../../../shared/i18n/en';
import { tr } from '../../../shared/i18n/tr';

const noSchedule = { nativeSchedule: false };

describe('who can see or reply (the audience options)', () => {
  it("X: everyone may reply unless the user chooses X's other settings; subscribers and unknown values are refused in words", () => {
    expect(checkPostOptions('x', {}, noSchedule, 'X')).toEqual({ options: { replySettings: 'everyone' }, problems: [] });
    expect(checkPostOptions('x', undefined, noSchedule, 'X')).toEqual({ problems: [] });
    for (const value of ['following', 'verified', 'mentionedUsers']) {
      expect(checkPostOptions('x', { replySettings: value }, noSchedule, 'X').options).toEqual({ replySettings: value });
    }
    for (const value of ['subscribers', 'nobody', 3]) {
      const { problems } = checkPostOptions('x', { replySettings: value }, noSchedule, 'X');
      expect(problems).toEqual([{ path: ['replySettings'], message: 'Choose who can reply on X: everyone, accounts you follow, verified accounts or only accounts you mention.' }]);
    }
    expect(checkPostOptions('x', { privacy: 'x' }, noSchedule, 'X').problems).not.toEqual([]);
  });

  it('LinkedIn: anyone can see the post unless the user chooses connections only; what members are not offered is refused', () => {
    expect(checkPostOptions('linkedin', {}, noSchedule, 'LinkedIn').options).toEqual({ visibility: 'PUBLIC' });
    expect(checkPostOptions('linkedin', { visibility: 'CONNECTIONS' }, noSchedule, 'LinkedIn').options).toEqual({ visibility: 'CONNECTIONS' });
    for (const value of ['LOGGED_IN', 'CONTAINER', 'public']) {
      expect(checkPostOptions('linkedin', { visibility: value }, noSchedule, 'LinkedIn').problems).toEqual([
        { path: ['visibility'], message: 'Choose who can see the LinkedIn post: anyone or your connections only.' },
      ]);
    }
  });

  it('Facebook: a video is a Page video unless the user chooses a Reel; other values are refused in words', () => {
    expect(checkPostOptions('facebook', {}, noSchedule, 'Facebook').options).toEqual({ videoAs: 'video' });
    expect(checkPostOptions('facebook', { videoAs: 'reel' }, noSchedule, 'Facebook').options).toEqual({ videoAs: 'reel' });
    for (const value of ['story', 'REELS', 1]) {
      expect(checkPostOptions('facebook', { videoAs: value }, noSchedule, 'Facebook').problems).toEqual([
        { path: ['videoAs'], message: 'Choose how Facebook publishes the video: as a Page video or as a Reel.' },
      ]);
    }
  });

  it("names every value of every network's audience choice in both languages, the network's default first", () => {
    const withAudience = [...platforms].filter((platform) => postOptionRules[platform]?.audience);
    expect(withAudience.sort()).toEqual(['facebook', 'linkedin', 'x']);
    for (const platform of withAudience) {
      const rule = postOptionRules[platform]!;
      const { field, values } = rule.audience!;
      expect(rule.editor).toBe('audience');
      expect((rule.schema.parse({}) as Record<string, unknown>)[field]).toBe(values[0]);
      for (const messages of [en, tr]) {
        const texts = (messages.postOptions.audience as Record<string, { heading: string; label: string; hint: string; values: Record<string, string> }>)[platform]!;
        expect(texts.heading && texts.label && texts.hint).toBeTruthy();
        expect(Object.keys(texts.values).sort()).toEqual([...values].sort());
      }
    }
  });
});
