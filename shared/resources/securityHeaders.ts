/**
 * The web app's security headers, defined once: CloudFront's response headers policy and the
 * offline twin's web server both send them, so the CSP is exercised by the e2e tests.
 */
export interface ContentSecurityPolicyOrigins {
  /** Origins the app calls with fetch/XHR: the API, Cognito, the buckets' upload endpoints. */
  connect: readonly string[];
  /** Origins whose images and media the app shows (presigned S3 URLs). */
  media: readonly string[];
  /** Origins of the embedded sibling modules (iframes). */
  frames: readonly string[];
}

export function contentSecurityPolicy(origins: ContentSecurityPolicyOrigins): string {
  const list = (values: readonly string[]) => values.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Profile pictures come from each platform's CDN (yt3.ggpht.com, pbs.twimg.com, …): any https image.
    `img-src 'self' data: blob: https: ${list(origins.media)}`.trim(),
    `media-src 'self' blob: ${list(origins.media)}`.trim(),
    `connect-src 'self' ${list(origins.connect)}`.trim(),
    `frame-src ${list(origins.frames) || "'none'"}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const staticSecurityHeaders = {
  strictTransportSecurity: { maxAgeSeconds: 63072000, includeSubdomains: true, preload: true },
  referrerPolicy: 'strict-origin-when-cross-origin',
  contentTypeOptions: 'nosniff',
  frameOptions: 'DENY',
} as const;
