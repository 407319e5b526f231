import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../../../shared/email';
import { emailSchema } from '../../../shared/validation';

/** shared/email.ts copies zod's e-mail pattern so the sign-in page needs no zod: the two must agree. */
const zodDefault = z.email().max(254);
const agree = (value: string) => {
  expect(isValidEmail(value), value).toBe(zodDefault.safeParse(value.trim()).success);
  expect(emailSchema.safeParse(value.trim()).success, value).toBe(zodDefault.safeParse(value.trim()).success);
};

describe('isValidEmail', () => {
  it('accepts addresses and refuses what is not one', () => {
    expect(isValidEmail(' ada@example.com ')).toBe(true);
    expect(isValidEmail('ada@example')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@example.com`)).toBe(false);
  });

  it("agrees with zod's z.email() on hand-picked and generated values", () => {
    for (const value of ['a@b.co', 'a.b@c.d.ef', "o'neil@example.com", '.a@b.co', 'a..b@c.co', 'a@-b.co', 'a@b.c', 'a b@c.co', 'ä@b.co', '', '@b.co']) agree(value);
    fc.assert(fc.property(fc.oneof(fc.emailAddress(), fc.string()), agree), { numRuns: 500 });
  });
});
