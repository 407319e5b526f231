import { describe, expect, it } from 'vitest';
import type { ApiEvent } from '../../../../functions/http/httpHandler';
import { callerAddress, ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../../../functions/http/rateLimit';

const event = (headers: Record<string, string>) => ({ headers, requestContext: { http: { sourceIp: '198.51.100.7' } } }) as unknown as ApiEvent;

describe('the caller\'s address for per-address limits', () => {
  it('believes the viewer address CloudFront passes only with the distribution\'s secret', () => {
    expect(callerAddress(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.9', [ORIGIN_SECRET_HEADER]: 's3cret' }), 's3cret')).toBe('203.0.113.9');
  });

  it('uses the address API Gateway saw when the secret is missing or wrong (a request straight to the API host)', () => {
    expect(callerAddress(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.9' }), 's3cret')).toBe('198.51.100.7');
    expect(callerAddress(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.9', [ORIGIN_SECRET_HEADER]: 'guess' }), 's3cret')).toBe('198.51.100.7');
    expect(callerAddress(event({ [VIEWER_ADDRESS_HEADER]: '203.0.113.9', [ORIGIN_SECRET_HEADER]: '' }), undefined)).toBe('198.51.100.7');
  });
});
