import * as z from './zod';

/** Email as the sign-in forms and the API accept it. */
export const emailSchema = z.email().max(254);

export function isValidEmail(value: string): boolean {
  return emailSchema.safeParse(value.trim()).success;
}
