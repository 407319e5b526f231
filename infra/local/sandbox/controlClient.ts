import type { Platform } from '../../../shared/platforms';
import type { IssuedToken, SandboxControl } from './control';
import type { PublishedPost } from './feed';
import type { RecordedCall } from './requestLog';

/**
 * The sandbox's control operations for another process (integration tests, the twin's runner),
 * over the `/_sandbox/*` JSON API. `sandboxUrl` is the sandbox's origin, e.g. http://127.0.0.1:43121.
 */
export function connectSandboxControl(sandboxUrl: string): SandboxControl {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${sandboxUrl}/_sandbox${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const answer: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) {
      const reason = typeof answer === 'object' && answer !== null && 'error' in answer ? String(answer.error) : text;
      throw new Error(`sandbox control ${method} ${path} answered ${response.status}: ${reason}`);
    }
    return answer;
  }

  return {
    async consent(platform, input) {
      const answer = (await call('POST', '/consent', { platform, ...input })) as { redirectUrl: string };
      return answer.redirectUrl;
    },
    async revokeAccess(platform, account) {
      await call('POST', '/revoke-access', { platform, account });
    },
    async expireAccessTokens(platform, account) {
      await call('POST', '/expire-access-tokens', { platform, account });
    },
    async injectFault(fault) {
      await call('POST', '/faults', fault);
    },
    async tokens(platform: Platform) {
      const answer = (await call('GET', `/tokens?platform=${encodeURIComponent(platform)}`)) as { tokens: IssuedToken[] };
      return answer.tokens;
    },
    async setProcessing(platform, processing) {
      await call('POST', '/processing', { platform, ...processing });
    },
    async setLimit(platform, name, value) {
      await call('POST', '/limits', { platform, name, value });
    },
    async limits(platform) {
      const answer = (await call('GET', `/limits?platform=${encodeURIComponent(platform)}`)) as { limits: Record<string, number> };
      return answer.limits;
    },
    async feed(platform, account) {
      return (await call('GET', `/feed?${new URLSearchParams({ platform, account }).toString()}`)) as { posts: PublishedPost[] };
    },
    async clearFaults(platform) {
      await call('POST', `/faults/clear${platform ? `?platform=${encodeURIComponent(platform)}` : ''}`);
    },
    async requests(platform) {
      const answer = (await call('GET', `/requests?platform=${encodeURIComponent(platform)}`)) as { requests: RecordedCall[] };
      return answer.requests;
    },
    async clearRequests() {
      await call('POST', '/requests/clear');
    },
    async reset() {
      await call('POST', '/reset');
    },
  };
}
