import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../shared/resources/securityHeaders';

describe('content security policy', () => {
  const csp = contentSecurityPolicy({
    connect: ['https://cognito-idp.eu-west-1.amazonaws.com'],
    media: ['https://media.example'],
    frames: [],
  });

  it('lets the app call only itself and the named origins', () => {
    expect(csp).toContain("connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com");
  });

  it('allows scripts only from the site itself and no framing of the app', () => {
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it('blocks every frame when no module origin is configured', () => {
    expect(csp).toContain("frame-src 'none'");
  });
});
