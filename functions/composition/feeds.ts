import { checkOutboundAddress, createOutboundFetch, OutboundRefused, outboundAllowedOrigins, type OutboundRule } from '../http/outbound';
import { createConnectionStore, tokensUnavailable } from '../services/connectionStore';
import { createDraftGuard } from '../services/draftGuard';
import { AddressRefused, createFeedService, type FeedService } from '../services/feeds';
import { createDraftService } from '../services/postDrafts';
import type { PostMedia } from '../services/postMedia';
import { postStore } from './postStore';
import { clock, documentClient, tableName } from './shared';

/** A feed is read whole: at most 2 MiB, within 20 seconds. */
const FEED_RULE: Pick<OutboundRule, 'maxBytes' | 'timeoutMs'> = { maxBytes: 2 * 1024 * 1024, timeoutMs: 20_000 };

/** Feed drafts carry no files: this function has no media bucket, and a feed's draft asks for none. */
const noMedia: PostMedia = {
  chosen: () => Promise.reject(new Error('A feed draft takes no files')),
  keepSteps: () => [],
};

/** The rule's refusal as the feed service's own error (services do not import the HTTP layer). */
async function refusedInWords<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw error instanceof OutboundRefused ? new AddressRefused(error.message) : error;
  }
}

/** The feed service's fetch and address check under the rule (the twin's and the tests' too). */
export function feedOutbound(rule: OutboundRule) {
  const outboundFetch = createOutboundFetch(rule);
  return {
    fetch: (url: string, init: RequestInit) => refusedInWords(outboundFetch(url, init)),
    checkAddress: (url: string) => refusedInWords(checkOutboundAddress(url, rule)),
  };
}

let service: FeedService | undefined;
/** Feeds to drafts: the memberships table (feeds, markers, the drafts' guard), posts, connections (names). */
export function feedService(): FeedService {
  if (service) return service;
  const db = documentClient();
  const connections = createConnectionStore({ db, tableName: tableName('connections'), cipher: tokensUnavailable, clock });
  const rule: OutboundRule = { ...FEED_RULE, allowedOrigins: outboundAllowedOrigins(process.env) };
  service = createFeedService({
    db,
    tableName: tableName('memberships'),
    ...feedOutbound(rule),
    accounts: async (userId) => (await connections.list(userId)).map((connection) => ({ platform: connection.platform, accountId: connection.platformUserId })),
    drafts: createDraftService({ db, posts: postStore(), connections, media: noMedia, guard: createDraftGuard({ db, tableName: tableName('memberships') }), clock }),
    clock,
  });
  return service;
}
