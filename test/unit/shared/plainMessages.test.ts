import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../../../shared/api/plainMessages';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  return parsed.error.issues[0]!.message;
};

describe('validation messages in plain words', () => {
  it('says what is missing or of the wrong kind', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('Required.');
    expect(messageOf(z.string(), 12)).toBe('Must be text.');
    expect(messageOf(z.number(), 'x')).toBe('Must be a number.');
    expect(messageOf(z.array(z.string()), {})).toBe('Must be a list.');
  });

  it('gives sizes and formats', () => {
    expect(messageOf(z.string().max(3), 'abcd')).toBe('Too long: at most 3 characters.');
    expect(messageOf(z.string().min(1), '')).toBe('Must not be empty.');
    expect(messageOf(z.array(z.number()).min(2), [1])).toBe('Needs at least 2 items.');
    expect(messageOf(z.number().int().max(10), 11)).toBe('Must be at most 10.');
    expect(messageOf(z.iso.datetime({ offset: true }), 'tomorrow')).toMatch(/^Must be a date and time/);
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('Must be one of: a, b.');
  });

  it("keeps a schema's own message", () => {
    expect(messageOf(z.string().min(1, 'Write a description.'), '')).toBe('Write a description.');
  });
});
