/**
 * The user pool's sign-in rules, defined once: the CDK Auth construct, the offline twin's
 * cognito-local pool and the sign-up form all read them.
 */
export const passwordPolicy = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

export const userPool = {
  name: 'oneclick-users',
  clientName: 'oneclick-web',
  /** Users sign in with their email; it is verified by a code at sign-up. */
  signInWithEmail: true,
  passwordPolicy,
  /** Minutes an ID/access token lives; the refresh token lives for days. */
  accessTokenMinutes: 60,
  refreshTokenDays: 30,
} as const;

export type PasswordProblem = 'minLength' | 'lowercase' | 'uppercase' | 'digit' | 'symbol';

/** Which of the password rules a candidate password breaks (empty when it is acceptable). */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < passwordPolicy.minLength) problems.push('minLength');
  if (passwordPolicy.requireLowercase && !/[a-z]/.test(password)) problems.push('lowercase');
  if (passwordPolicy.requireUppercase && !/[A-Z]/.test(password)) problems.push('uppercase');
  if (passwordPolicy.requireDigits && !/[0-9]/.test(password)) problems.push('digit');
  if (passwordPolicy.requireSymbols && !/[^A-Za-z0-9]/.test(password)) problems.push('symbol');
  return problems;
}
