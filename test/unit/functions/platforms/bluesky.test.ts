import { describe, expect, it } from 'vitest';
import { blueskyClientMetadata } from '../../../../functions/platforms/bluesky';
import { blueskyMetrics } from '../../../../functions/platforms/bluesky/metrics';
import { detectSpans, facetsFor, graphemeLength } from '../../../../functions/platforms/bluesky/richText';
import { tidFor, TID_PATTERN } from '../../../../functions/platforms/bluesky/tid';
import { clientKeyFromSecret, dpopProof, jwkThumbprint, newDpopKey, publicJwkOf } from '../../../../functions/platforms/bluesky/keys';
import { createDpopHttp } from '../../../../functions/platforms/bluesky/dpop';
import type { PlatformRequest, PlatformResponse } from '../../../../functions/platforms/http';
import { capabilities } from '../../../../shared/platforms';

describe('Bluesky rich text (the rules of @atproto/api RichText.detectFacets)', () => {
  it('counts graphemes: a family emoji and a flag are one each', () => {
    expect(graphemeLength('👨‍👩‍👧‍👦🇫🇷e\u0301')).toBe(3);
    expect(capabilities.bluesky.text.count('👨‍👩‍👧‍👦🇫🇷e\u0301')).toBe(3);
    expect(capabilities.bluesky.text.max).toBe(300);
  });

  it('gives byte offsets in UTF-8, after multi-byte characters', () => {
    const text = 'héllo #tag';
    const [facet] = facetsFor(text, new Map());
    expect(facet!.index).toEqual({ byteStart: 7, byteEnd: 11 });
  });

  it('leaves trailing punctuation and an unopened closing parenthesis out of links, and punctuation out of tags', () => {
    expect(detectSpans('Read https://a.example/x. and #news!').map((span) => span.value)).toEqual(['https://a.example/x', 'news']);
    expect(detectSpans('(see https://a.example/y)').map((span) => span.value)).toEqual(['https://a.example/y']);
    expect(detectSpans('https://en.wikipedia.org/wiki/Foo_(bar)').map((span) => span.value)).toEqual(['https://en.wikipedia.org/wiki/Foo_(bar)']);
  });

  it('does not tag numbers or mention non-handles', () => {
    expect(detectSpans('#123 and @notahandle and me@mail.example.com')).toEqual([]);
  });

  it('links bare domains with https:// and mentions only resolved handles', () => {
    const facets = facetsFor('@a.bsky.social @b.bsky.social go.dev', new Map([['a.bsky.social', 'did:plc:aaaaaaaaaaaaaaaaaaaaaaaa']]));
    expect(facets.map((facet) => facet.features[0])).toEqual([
      { $type: 'app.bsky.richtext.facet#mention', did: 'did:plc:aaaaaaaaaaaaaaaaaaaaaaaa' },
      { $type: 'app.bsky.richtext.facet#link', uri: 'https://go.dev' },
    ]);
  });
});

describe('Bluesky record keys and keys', () => {
  it('makes TIDs: 13 base32-sortable characters, later times sort later', () => {
    const early = tidFor(Date.UTC(2026, 0, 1));
    const late = tidFor(Date.UTC(2026, 0, 2));
    expect(early).toMatch(TID_PATTERN);
    expect(late > early).toBe(true);
  });

  it('derives the same client key from the same secret, and a different one from another', () => {
    expect(clientKeyFromSecret('s1')).toEqual(clientKeyFromSecret('s1'));
    expect(clientKeyFromSecret('s1').x).not.toBe(clientKeyFromSecret('s2').x);
  });

  it('signs DPoP proofs with htu without the query and ath for resource calls', () => {
    const key = newDpopKey();
    const proof = dpopProof(key, { method: 'GET', url: 'https://pds.example/xrpc/app.bsky.feed.getPosts?uris=a', accessToken: 'token', nowSeconds: 1000, nonce: 'n1' });
    const [header, payload] = proof.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256', jwk: publicJwkOf(key) });
    expect(header!['jwk']).not.toHaveProperty('d');
    expect(payload).toMatchObject({ htm: 'GET', htu: 'https://pds.example/xrpc/app.bsky.feed.getPosts', iat: 1000, nonce: 'n1', ath: 'PEaenWxYddN6Q_NT1PiOYfz4EsZu7jRXRlpAsNpBU-A' });
  });

  it('publishes the client metadata document with the public key only', () => {
    const metadata = blueskyClientMetadata({ clientId: 'https://oneclick.example/api/connections/bluesky/client-metadata.json', clientSecret: 's1', redirectUri: 'https://oneclick.example/api/connections/bluesky/callback' });
    expect(metadata).toMatchObject({
      client_id: 'https://oneclick.example/api/connections/bluesky/client-metadata.json',
      application_type: 'web',
      dpop_bound_access_tokens: true,
      token_endpoint_auth_method: 'private_key_jwt',
      scope: 'atproto transition:generic',
      redirect_uris: ['https://oneclick.example/api/connections/bluesky/callback'],
    });
    const [key] = metadata.jwks.keys;
    expect(key).not.toHaveProperty('d');
    expect(key!.kid).toBe(jwkThumbprint(publicJwkOf(clientKeyFromSecret('s1'))));
  });
});

describe('Bluesky DPoP requests', () => {
  /** An authorization server that hands out one nonce and refuses a proof without it (400 use_dpop_nonce), answering after `delayMs`. */
  function nonceServer(nonce: string, delayMs = 0) {
    const nonceOf = (request: PlatformRequest) => JSON.parse(Buffer.from(request.headers!['dpop']!.split('.')[1]!, 'base64url').toString()).nonce as string | undefined;
    const sent: Array<string | undefined> = [];
    const http = async (request: PlatformRequest): Promise<PlatformResponse> => {
      sent.push(nonceOf(request));
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const accepted = nonceOf(request) === nonce;
      const body = accepted ? { ok: true } : { error: 'use_dpop_nonce', error_description: 'Authorization server requires nonce in DPoP proof' };
      return { status: accepted ? 200 : 400, headers: new Headers({ 'dpop-nonce': nonce }), text: JSON.stringify(body), body };
    };
    return { http, sent };
  }
  const clock = { now: () => new Date(Date.UTC(2026, 0, 15)) };
  const par: PlatformRequest = { method: 'POST', url: 'https://bsky.example/oauth/par', form: { client_id: 'c' } };

  it('sends a request again with the nonce the server asked for, and the next one with it at once', async () => {
    const server = nonceServer('n1');
    const send = createDpopHttp(server.http, clock);

    expect((await send(newDpopKey(), par)).status).toBe(200);
    expect((await send(newDpopKey(), par)).status).toBe(200);
    expect(server.sent).toEqual([undefined, 'n1', 'n1']);
  });

  it('sends each of two requests made side by side again when both went without the nonce', async () => {
    const server = nonceServer('n1', 20);
    const send = createDpopHttp(server.http, clock);

    const answers = await Promise.all([send(newDpopKey(), par), send(newDpopKey(), par)]);

    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(server.sent).toEqual([undefined, undefined, 'n1', 'n1']);
  });
});

describe('Bluesky metrics', () => {
  it('maps getPosts counts: likes, replies as comments, reposts and quotes as shares; no views', () => {
    expect(blueskyMetrics({ likeCount: 5, replyCount: 2, repostCount: 3, quoteCount: 1 })).toEqual({ likes: 5, comments: 2, shares: 4 });
  });
});
