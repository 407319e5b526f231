import * as z from './zod';
import { EMAIL_MAX, emailPattern } from './email';

/** Email as the sign-in forms and the API accept it (the pattern and limit live in shared/email.ts, zod-free). */
export const emailSchema = z.email({ pattern: emailPattern }).max(EMAIL_MAX);

export { isValidEmail } from './email';
