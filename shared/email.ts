/**
 * E-mail addresses as the sign-in forms and the scripts accept them: zod 4's own `z.email()`
 * pattern (copied here, so the sign-in page checks an address without loading zod) and
 * Cognito's 254-character limit. shared/validation.ts builds the zod schema from the same two.
 */
export const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX = 254;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX && emailPattern.test(email);
}
