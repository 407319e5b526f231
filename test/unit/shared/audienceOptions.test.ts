import { describe, expect, it } from 'vitest';
import { checkPostOptions, optionsMediaProblems, postOptionRules } from '../../../shared/platforms/postOptions';
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

  it('Threads: everyone may reply unless the user chooses another of its reply controls; a topic of 1 to 50 characters without . or &', () => {
    expect(checkPostOptions('threads', {}, noSchedule, 'Threads')).toEqual({ options: { replyControl: 'everyone' }, problems: [] });
    for (const value of ['accounts_you_follow', 'followers_only', 'mentioned_only', 'parent_post_author_only']) {
      expect(checkPostOptions('threads', { replyControl: value }, noSchedule, 'Threads').options).toEqual({ replyControl: value });
    }
    expect(checkPostOptions('threads', { replyControl: 'nobody' }, noSchedule, 'Threads').problems).toEqual([
      { path: ['replyControl'], message: 'Choose who can reply on Threads: everyone, accounts you follow, your followers, only accounts you mention or only you.' },
    ]);
    expect(checkPostOptions('threads', { topicTag: ' Cats ' }, noSchedule, 'Threads').options).toEqual({ replyControl: 'everyone', topicTag: 'Cats' });
    expect(checkPostOptions('threads', { topicTag: 'x'.repeat(50) }, noSchedule, 'Threads').problems).toEqual([]);
    expect(checkPostOptions('threads', { topicTag: 'x'.repeat(51) }, noSchedule, 'Threads').problems).toEqual([{ path: ['topicTag'], message: 'A Threads topic can be at most 50 characters.' }]);
    expect(checkPostOptions('threads', { topicTag: 'R&D' }, noSchedule, 'Threads').problems).toEqual([{ path: ['topicTag'], message: 'A Threads topic cannot contain a period (.) or an ampersand (&).' }]);
    expect(checkPostOptions('threads', { topicTag: 'v1.0' }, noSchedule, 'Threads').problems).not.toEqual([]);
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

  it('LinkedIn Page: no audience to choose (an organization posts publicly), a document title trimmed, a visibility refused', () => {
    expect(checkPostOptions('linkedinPage', {}, noSchedule, 'LinkedIn Page')).toEqual({ options: {}, problems: [] });
    expect(checkPostOptions('linkedinPage', { documentTitle: ' Q3 report ' }, noSchedule, 'LinkedIn Page').options).toEqual({ documentTitle: 'Q3 report' });
    expect(checkPostOptions('linkedinPage', { visibility: 'CONNECTIONS' }, noSchedule, 'LinkedIn Page').problems).not.toEqual([]);
    expect(checkPostOptions('linkedinPage', { documentTitle: 'x'.repeat(256) }, noSchedule, 'LinkedIn Page').problems).toEqual([
      { path: ['documentTitle'], message: 'A LinkedIn document title can be at most 255 characters.' },
    ]);
  });

  it('gives a heading in both languages to every network whose options form asks only for a document title', () => {
    const titleOnly = [...platforms].filter((platform) => postOptionRules[platform]?.documentTitle && !postOptionRules[platform]?.audience);
    expect(titleOnly).toEqual(['linkedinPage']);
    for (const platform of titleOnly) {
      for (const messages of [en, tr]) expect((messages.postOptions.audience as unknown as Record<string, { heading?: string }>)[platform]?.heading).toBeTruthy();
    }
  });

  it("names every value of every network's audience choice in both languages, the network's default first", () => {
    const withAudience = [...platforms].filter((platform) => postOptionRules[platform]?.audience);
    expect(withAudience.sort()).toEqual(['facebook', 'linkedin', 'mastodon', 'threads', 'x']);
    for (const platform of withAudience) {
      const rule = postOptionRules[platform]!;
      const { field, values } = rule.audience!;
      expect(rule.editor).toBe('audience');
      expect((rule.schema.parse({}) as Record<string, unknown>)[field]).toBe(values[0]);
      for (const messages of [en, tr]) {
        const texts = (messages.postOptions.audience as unknown as Record<string, { heading: string; label: string; hint: string; values: Record<string, string> }>)[platform]!;
        expect(texts.heading && texts.label && texts.hint).toBeTruthy();
        expect(Object.keys(texts.values).sort()).toEqual([...values].sort());
        if (rule.topic) expect((texts as unknown as Record<string, string>)['topicLabel'] && (texts as unknown as Record<string, string>)['topicHint'] && (texts as unknown as Record<string, string>)['topicInvalid']).toBeTruthy();
      }
    }
  });

  it('takes a Mastodon post\'s visibility, content warning, language and poll; with a poll the status goes without the post\'s files', () => {
    expect(checkPostOptions('mastodon', {}, noSchedule, 'Mastodon')).toEqual({ options: { visibility: 'public' }, problems: [] });
    const options = { visibility: 'unlisted', spoilerText: ' Spoilers ', language: 'tr', poll: { options: ['Yes', 'No'], expiresInSeconds: 3600 } };
    expect(checkPostOptions('mastodon', options, noSchedule, 'Mastodon').options).toEqual({ ...options, spoilerText: 'Spoilers', poll: { ...options.poll, multiple: false } });
    expect(checkPostOptions('mastodon', { visibility: 'everyone' }, noSchedule, 'Mastodon').problems[0]?.message).toMatch(/Choose who sees the Mastodon post/);
    expect(checkPostOptions('mastodon', { language: 'Turkish' }, noSchedule, 'Mastodon').problems[0]?.message).toMatch(/two-letter ISO 639-1 code/);
    expect(checkPostOptions('mastodon', { poll: { options: ['Only one'], expiresInSeconds: 3600 } }, noSchedule, 'Mastodon').problems[0]?.message).toBe('A poll needs at least 2 options.');
    expect(optionsMediaProblems('mastodon', options, [{ kind: 'image', contentType: 'image/jpeg', size: 1000 }])).toEqual([]);
    expect(postOptionRules.mastodon?.withoutMedia?.(options)).toBe(true);
    expect(postOptionRules.mastodon?.withoutMedia?.({ visibility: 'public' })).toBe(false);
    // The composer's fields: the language and the poll, within the default server's limits.
    expect(postOptionRules.mastodon).toMatchObject({ language: { field: 'language' }, poll: { field: 'poll', maxOptions: 4, maxCharactersPerOption: 50, minSeconds: 300 } });
    expect(optionsMediaProblems('mastodon', { visibility: 'public' }, [{ kind: 'image', contentType: 'image/jpeg', size: 1000 }])).toEqual([]);
  });
});
