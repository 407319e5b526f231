import { describe, expect, it } from 'vitest';
import { nextRefreshDue, toConnection, type ConnectionItem } from '../../../../functions/services/connectionStore';

const now = new Date('2026-11-22T10:00:00.000Z');
const day = 24 * 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('when the refresh job looks at a connection', () => {
  it('keeps refreshable short-lived tokens alive every 30 days', () => {
    const due = nextRefreshDue({ accessToken: 'a', refreshToken: 'r', accessTokenIssuedAt: now.toISOString(), accessTokenExpiresAt: iso(now.getTime() + 2 * 3600_000), scopes: [] }, true, now);
    expect(due).toBe(iso(now.getTime() + 30 * day));
  });

  it('refreshes a 60-day access token (Instagram) 10 days before it expires', () => {
    const due = nextRefreshDue({ accessToken: 'a', accessTokenIssuedAt: now.toISOString(), accessTokenExpiresAt: iso(now.getTime() + 60 * day), scopes: [] }, true, now);
    expect(due).toBe(iso(now.getTime() + 30 * day));
    const soonExpiring = nextRefreshDue({ accessToken: 'a', accessTokenIssuedAt: now.toISOString(), accessTokenExpiresAt: iso(now.getTime() + 20 * day), scopes: [] }, true, now);
    expect(soonExpiring).toBe(iso(now.getTime() + 10 * day));
  });

  it('warns a week ahead, then acts at expiry, for tokens it cannot refresh (LinkedIn)', () => {
    const expiry = now.getTime() + 60 * day;
    expect(nextRefreshDue({ accessToken: 'a', accessTokenIssuedAt: now.toISOString(), accessTokenExpiresAt: iso(expiry), scopes: [] }, false, now)).toBe(iso(expiry - 7 * day));
    const later = new Date(expiry - 3 * day);
    expect(nextRefreshDue({ accessToken: 'a', accessTokenIssuedAt: now.toISOString(), accessTokenExpiresAt: iso(expiry), scopes: [] }, false, later)).toBe(iso(expiry));
  });
});

describe('the API view of a connection', () => {
  const item: ConnectionItem = {
    userId: 'u1',
    connectionId: 'linkedin#abc',
    platform: 'linkedin',
    platformUserId: 'abc',
    status: 'connected',
    displayName: 'Lin',
    tokens: 'ciphertext',
    tokenVersion: 1,
    accessTokenExpiresAt: iso(now.getTime() + 3 * day),
    canRefresh: false,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };

  it('never carries the tokens', () => {
    expect(JSON.stringify(toConnection(item, now))).not.toContain('ciphertext');
  });

  it('shows the scopes the platform granted (not secret), and null for a connection saved before they were kept', () => {
    expect(toConnection({ ...item, grantedScopes: ['w_member_social'] }, now).grantedScopes).toEqual(['w_member_social']);
    expect(toConnection(item, now).grantedScopes).toBeNull();
  });

  it('says by when to reconnect tokens that cannot be refreshed', () => {
    expect(toConnection(item, now).tokenExpiry).toEqual({ state: 'reconnect_soon', reconnectBy: item.accessTokenExpiresAt });
    expect(toConnection(item, new Date(now.getTime() + 4 * day)).tokenExpiry.state).toBe('expired');
    expect(toConnection({ ...item, canRefresh: true }, now).tokenExpiry).toEqual({ state: 'valid', reconnectBy: null });
  });
});
