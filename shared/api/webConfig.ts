import * as z from '../zod';
import { moduleUrlsSchema } from './modules';

/**
 * /config.json, read once by the front end at start. The stack writes it next to the built
 * app; the offline twin serves its own with local endpoints. No secret ever goes in it.
 */
export const webConfigSchema = z.object({
  environment: z.enum(['aws', 'local']),
  region: z.string().min(1),
  /** Where the API is: '/api' on the site's own origin (CloudFront routes it; so does the twin). */
  apiUrl: z.string().regex(/^(\/|https?:\/\/)/, 'apiUrl must be a path or an http(s) URL'),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Set only offline: cognito-local's endpoint. */
  cognitoEndpoint: z.url().optional(),
  /** SRP on AWS; USER_PASSWORD_AUTH offline (cognito-local has no SRP). */
  authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  /** The embedded modules' URLs (their origins are the CSP's frame-src); a module left out is not available. */
  modules: moduleUrlsSchema.optional(),
});

export type WebConfig = z.infer<typeof webConfigSchema>;
