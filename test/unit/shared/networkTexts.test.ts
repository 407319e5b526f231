import { describe, expect, it } from 'vitest';
import { keptTexts, textFor } from '../../../shared/platformRules';
import { createPostSchema, editPostSchema } from '../../../shared/api/posts';

const targets = [
  { platform: 'x' as const, accountId: 'a' },
  { platform: 'linkedin' as const, accountId: 'b' },
];

describe("a network's own text", () => {
  it('is what the network gets when written, else the description (blank counts as not written)', () => {
    const post = { description: 'Base', texts: { x: 'For X', linkedin: '  ' } };
    expect(textFor(post, 'x')).toBe('For X');
    expect(textFor(post, 'linkedin')).toBe('Base');
    expect(textFor({ description: 'Base' }, 'bluesky')).toBe('Base');
  });

  it('is kept only for chosen networks and when not blank', () => {
    expect(keptTexts({ x: 'For X', linkedin: ' ', youtube: 'For YouTube' }, ['x', 'linkedin'])).toEqual({ x: 'For X' });
    expect(keptTexts({ linkedin: '' }, ['linkedin'])).toBeUndefined();
    expect(keptTexts(undefined, ['x'])).toBeUndefined();
  });

  it("is checked against its network's limit in place of the description, on create and on edit", () => {
    for (const schema of [createPostSchema, editPostSchema]) {
      const base = { description: 'd'.repeat(300), targets, media: [{ key: 'u/images/abcdefgh.jpg' }] };
      const refused = schema.safeParse(base);
      expect(refused.success).toBe(false);
      expect(refused.error?.issues.map((issue) => issue.message)).toContain('The description is too long for X (300 of 280).');
      expect(schema.safeParse({ ...base, texts: { x: 'Short' } }).success).toBe(true);
      const own = schema.safeParse({ ...base, texts: { x: 'y'.repeat(281) } });
      expect(own.error?.issues.find((issue) => issue.message === 'The X text is too long (281 of 280).')?.path).toEqual(['texts', 'x']);
    }
  });

  it('is refused for a network with no account among the targets, unless blank', () => {
    const post = { description: 'Base', targets, media: [{ key: 'u/images/abcdefgh.jpg' }] };
    const stray = createPostSchema.safeParse({ ...post, texts: { bluesky: 'For Bluesky' } });
    expect(stray.error?.issues.map((issue) => issue.message)).toEqual(['There is a Bluesky text but no Bluesky account among the targets.']);
    expect(createPostSchema.safeParse({ ...post, texts: { bluesky: '' } }).success).toBe(true);
  });
});
