import { ConfigurationError } from '../../config';

export interface LinkedinOptions {
  /** The LinkedIn-Version header of /rest/* calls (LINKEDIN_VERSION, YYYYMM): LinkedIn retires versions after a year. */
  version: string;
}

/** Both LinkedIn platforms call the same versioned API: one LINKEDIN_VERSION for the two. */
export function readLinkedinOptions(env: NodeJS.ProcessEnv): LinkedinOptions {
  const version = env['LINKEDIN_VERSION'] ?? '202609';
  if (!/^\d{6}$/.test(version)) throw new ConfigurationError('Bad configuration: LINKEDIN_VERSION must be YYYYMM');
  return { version };
}
