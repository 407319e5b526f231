import { expiresAt, splitScopes, type AccountDailyNumbers, type ManagedAccount, type PlatformAdapter, type PlatformProfile, type TokenSet } from '../adapter';
import { accountMetricKeys, type AccountMetricKey } from '../../../shared/api/accountMetrics';
import { AuthExpired, NoPublishingProfile, Rejected } from '../errors';
import { withQuery, type PlatformResponse } from '../http';
import type { ModuleDeps } from '../module';
import { isOk } from '../steps';
import { CONSENT_TOKEN, createGoogleBusinessApi, LOCATION_TOKEN, locationOf } from './api';
import { classifyGoogleBusinessError, NAME } from './errors';

/**
 * Google OAuth 2.0 for web server applications with offline access, then the locations the user
 * manages (docs/platforms/googleBusiness.md):
 *
 * 1. consent at accounts.google.com/o/oauth2/v2/auth with `business.manage`, `access_type=offline`
 *    and `prompt=consent` (so a refresh token comes every time);
 * 2. the code for tokens at oauth2.googleapis.com/token (an access token of about an hour and a
 *    refresh token, which Google does not rotate);
 * 3. the business accounts the user can reach (Account Management API, GET /v1/accounts) and the
 *    locations of each (Business Information API, GET /v1/{account}/locations with a readMask):
 *    the user picks the locations, each its own connection holding the user's tokens and the
 *    location it posts for (the picker, docs/platforms/README.md "Connecting accounts").
 *
 * Disconnecting one location revokes nothing at Google: the grant is the user's and covers every
 * location they connected (revoking it would cut them all); a consent that offered no location is
 * revoked.
 */

export const googleBusinessScopes = ['https://www.googleapis.com/auth/business.manage'] as const;

/** How many pages of accounts and of each account's locations we read (100 locations a page). */
const MAX_PAGES = 5;

interface BusinessAccount {
  name?: string;
  accountName?: string;
}

interface BusinessLocation {
  name?: string;
  title?: string;
  storefrontAddress?: { addressLines?: string[]; locality?: string };
  metadata?: { mapsUri?: string };
}

/** Where a location is, in a few words (its street and town), for the picker and the card. */
function addressOf(location: BusinessLocation): string | undefined {
  const parts = [location.storefrontAddress?.addressLines?.[0], location.storefrontAddress?.locality].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(', ') : undefined;
}

function profileOf(location: BusinessLocation): PlatformProfile {
  const id = location.name!.replace(/^locations\//, '');
  const address = addressOf(location);
  return { platformUserId: id, displayName: location.title || id, ...(address ? { username: address } : {}) };
}

/** Which of our account metrics each Performance API DailyMetric adds to. */
const dailyMetricKeys: Record<string, AccountMetricKey> = {
  BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: 'searchViews',
  BUSINESS_IMPRESSIONS_MOBILE_SEARCH: 'searchViews',
  BUSINESS_IMPRESSIONS_DESKTOP_MAPS: 'mapsViews',
  BUSINESS_IMPRESSIONS_MOBILE_MAPS: 'mapsViews',
  CALL_CLICKS: 'calls',
  WEBSITE_CLICKS: 'websiteClicks',
  BUSINESS_DIRECTION_REQUESTS: 'directionRequests',
};

interface DatedValue {
  date?: { year?: number; month?: number; day?: number };
  /** An int64 as a string; absent where the day's number is zero or not known. */
  value?: string;
}

/** A fetchMultiDailyMetricsTimeSeries answer as our numbers per day (YYYY-MM-DD), metrics added where two DailyMetrics make one. */
export function dailyNumbersOf(body: unknown): AccountDailyNumbers {
  const series = (body as { multiDailyMetricTimeSeries?: { dailyMetricTimeSeries?: { dailyMetric?: string; timeSeries?: { datedValues?: DatedValue[] } }[] }[] } | undefined)?.multiDailyMetricTimeSeries;
  if (!Array.isArray(series)) throw new Rejected(`${NAME} answered without the location's numbers.`);
  const metrics = new Set<AccountMetricKey>();
  const days: AccountDailyNumbers['days'] = {};
  for (const entry of series.flatMap((multi) => multi.dailyMetricTimeSeries ?? [])) {
    const key = entry.dailyMetric ? dailyMetricKeys[entry.dailyMetric] : undefined;
    if (!key) continue;
    metrics.add(key);
    for (const { date, value } of entry.timeSeries?.datedValues ?? []) {
      if (!date?.year || !date.month || !date.day || value === undefined) continue;
      const number = Number(value);
      if (!Number.isSafeInteger(number) || number < 0) continue;
      const day = `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
      const values = (days[day] ??= {});
      values[key] = (values[key] ?? 0) + number;
    }
  }
  return { metrics: accountMetricKeys.filter((key) => metrics.has(key)), days };
}

export function createGoogleBusinessAdapter({ credentials, hosts, http, clock }: ModuleDeps<Record<string, never>>): PlatformAdapter {
  const api = createGoogleBusinessApi(http, clock);
  const fail = (response: PlatformResponse) => classifyGoogleBusinessError(response, clock.now());

  function tokenSet(body: Record<string, unknown>, previous?: TokenSet): TokenSet {
    const accessToken = body['access_token'];
    if (typeof accessToken !== 'string' || accessToken === '') throw new Rejected(`${NAME} answered without an access token.`);
    const refreshToken = typeof body['refresh_token'] === 'string' ? body['refresh_token'] : previous?.refreshToken;
    const accessTokenExpiresAt = expiresAt(clock, body['expires_in']);
    return {
      accessToken,
      ...(refreshToken ? { refreshToken } : {}),
      ...(accessTokenExpiresAt ? { accessTokenExpiresAt } : {}),
      accessTokenIssuedAt: clock.now().toISOString(),
      scopes: body['scope'] !== undefined ? splitScopes(body['scope'], /\s+/) : (previous?.scopes ?? []),
      platformData: previous?.platformData ?? { token: CONSENT_TOKEN },
    };
  }

  async function tokenRequest(form: Record<string, string | undefined>, previous?: TokenSet): Promise<TokenSet> {
    const response = await http({ method: 'POST', url: `${hosts['oauth2']}/token`, form });
    if (!isOk(response)) throw fail(response);
    return tokenSet((response.body ?? {}) as Record<string, unknown>, previous);
  }

  /** Every item of a paged list (Google's `nextPageToken`), at most MAX_PAGES pages; an empty list is an absent field. */
  async function paged<Item>(tokens: TokenSet, url: string, key: string, what: string): Promise<Item[]> {
    const items: Item[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const response = await api.call(tokens, { method: 'GET', url: withQuery(url, { pageToken }) });
      const body = response.body;
      if (!body || typeof body !== 'object') throw new Rejected(`${NAME} answered without the list of your ${what}.`);
      const list = (body as Record<string, unknown>)[key];
      if (list !== undefined && !Array.isArray(list)) throw new Rejected(`${NAME} answered without the list of your ${what}.`);
      items.push(...((list ?? []) as Item[]));
      const next = (body as { nextPageToken?: unknown }).nextPageToken;
      if (typeof next !== 'string' || next === '') break;
      pageToken = next;
    }
    return items;
  }

  return {
    platform: 'googleBusiness',
    usesPkce: false,
    scopes: googleBusinessScopes,
    requiredScopes: googleBusinessScopes,

    authorizeUrl: async ({ state, redirectUri }) => ({
      url: withQuery(`${hosts['accounts']}/o/oauth2/v2/auth`, {
        client_id: credentials.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: googleBusinessScopes.join(' '),
        state,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
      }),
    }),

    exchangeCode: ({ code, redirectUri }) =>
      tokenRequest({ code, client_id: credentials.clientId, client_secret: credentials.clientSecret, redirect_uri: redirectUri, grant_type: 'authorization_code' }),

    /** The locations of every account the user reaches, each with the user's tokens and the location it posts for. */
    async listAccounts(userTokens): Promise<ManagedAccount[]> {
      const accounts = await paged<BusinessAccount>(userTokens, withQuery(`${hosts['accountmanagement']}/v1/accounts`, { pageSize: '20' }), 'accounts', 'business accounts');
      const managed: ManagedAccount[] = [];
      for (const account of accounts) {
        if (!account.name?.startsWith('accounts/')) continue;
        const locations = await paged<BusinessLocation>(
          userTokens,
          withQuery(`${hosts['businessinformation']}/v1/${account.name}/locations`, { readMask: 'name,title,storefrontAddress,metadata', pageSize: '100' }),
          'locations',
          'locations',
        );
        for (const location of locations) {
          if (!location.name?.startsWith('locations/')) continue;
          managed.push({ profile: profileOf(location), tokens: { ...userTokens, platformData: { token: LOCATION_TOKEN, account: account.name, location: location.name } } });
        }
      }
      return managed;
    },

    canRefresh: (tokens) => Boolean(tokens.refreshToken),

    refresh: async (tokens) => {
      if (!tokens.refreshToken) throw new AuthExpired(`${NAME} gave no refresh token: reconnect the location.`);
      return tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken, client_id: credentials.clientId, client_secret: credentials.clientSecret }, tokens);
    },

    /** The location a connection posts for (Business Information API, GET /v1/locations/{id}). */
    async fetchProfile(tokens) {
      if (tokens.platformData?.['token'] !== LOCATION_TOKEN) throw new NoPublishingProfile(`Choose a ${NAME} location to connect.`);
      const { location } = locationOf(tokens);
      const response = await api.call(tokens, { method: 'GET', url: withQuery(`${hosts['businessinformation']}/v1/${location}`, { readMask: 'name,title,storefrontAddress,metadata' }) });
      const found = (response.body ?? {}) as BusinessLocation;
      if (!found.name?.startsWith('locations/')) throw new Rejected(`${NAME} answered without the location.`);
      return profileOf(found);
    },

    /**
     * The location's numbers per day (Business Profile Performance API,
     * GET /v1/locations/{id}:fetchMultiDailyMetricsTimeSeries): views on Search and on Maps
     * (desktop and mobile added), calls, website clicks and direction requests.
     */
    async accountDailyMetrics(tokens, range) {
      const { location } = locationOf(tokens);
      const url = new URL(`${hosts['performance']}/v1/${location}:fetchMultiDailyMetricsTimeSeries`);
      for (const metric of Object.keys(dailyMetricKeys)) url.searchParams.append('dailyMetrics', metric);
      for (const [which, date] of [['start_date', range.from], ['end_date', range.to]] as const) {
        const [year, month, day] = date.split('-').map(Number);
        url.searchParams.set(`dailyRange.${which}.year`, String(year));
        url.searchParams.set(`dailyRange.${which}.month`, String(month));
        url.searchParams.set(`dailyRange.${which}.day`, String(day));
      }
      const response = await api.call(tokens, { method: 'GET', url: url.toString() });
      return dailyNumbersOf(response.body);
    },

    /** Revokes a consent that offered no location; a location's connection ends on our side only (the grant covers the user's other locations). */
    async revoke(tokens) {
      if (tokens.platformData?.['token'] === LOCATION_TOKEN) return;
      const response = await http({ method: 'POST', url: `${hosts['oauth2']}/revoke`, form: { token: tokens.refreshToken ?? tokens.accessToken } });
      // 400 invalid_token: already revoked or expired — the grant is gone either way.
      if (!isOk(response) && response.status !== 400) throw fail(response);
    },
  };
}
