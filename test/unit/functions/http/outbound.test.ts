import { describe, expect, it } from 'vitest';
import { checkOutboundAddress, createOutboundFetch, isPublicAddress, OutboundRefused, type OutboundFetch } from '../../../../functions/http/outbound';

/** Host names and what they resolve to, instead of DNS. */
const names: Record<string, string[]> = {
  'pds.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'inside.example.com': ['10.1.2.3'],
  'half.example.com': ['93.184.215.14', '192.168.0.7'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'metadata.example.com': ['169.254.169.254'],
};
const resolve = async (hostname: string) => {
  const addresses = names[hostname];
  if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
  return addresses;
};

describe('public addresses', () => {
  it.each([
    ['93.184.215.14', true],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false], // loopback
    ['127.255.255.254', false],
    ['10.0.0.1', false], // private
    ['172.16.5.4', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false], // link-local (the cloud's instance metadata)
    ['100.64.0.1', false], // carrier-grade NAT
    ['0.0.0.0', false], // unspecified
    ['255.255.255.255', false], // broadcast
    ['224.0.0.1', false], // multicast
    ['::1', false], // loopback
    ['::', false], // unspecified
    ['fe80::1', false], // link-local
    ['fc00::1', false], // unique-local
    ['fd12:3456::1', false],
    ['ff02::1', false], // multicast
    ['::ffff:127.0.0.1', false], // IPv4-mapped loopback
    ['::ffff:10.0.0.1', false], // IPv4-mapped private
    ['::ffff:93.184.215.14', true], // IPv4-mapped public
    ['64:ff9b::a00:1', false], // NAT64 translation of 10.0.0.1
    ['2002:a00:1::1', false], // 6to4
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('the outbound rule', () => {
  it('lets through https to a host name whose every address is public', async () => {
    await expect(checkOutboundAddress('https://pds.example.com/xrpc/x', { resolve })).resolves.toBeUndefined();
  });

  it.each([
    ['http://pds.example.com/', 'http://pds.example.com is not an https address.'],
    ['ftp://pds.example.com/', 'ftp://pds.example.com is not an https address.'],
    ['https://93.184.215.14/', '93.184.215.14 is an IP address, not a host name.'],
    ['https://127.0.0.1:2583/', '127.0.0.1:2583 is an IP address, not a host name.'],
    ['https://2130706433/', '127.0.0.1 is an IP address, not a host name.'], // the URL parser reads a number as IPv4
    ['https://[::1]/', '[::1] is an IP address, not a host name.'],
    ['https://[::ffff:7f00:1]/', '[::ffff:7f00:1] is an IP address, not a host name.'],
    ['https://inside.example.com/', 'inside.example.com resolves to an address that is not public.'],
    ['https://half.example.com/', 'half.example.com resolves to an address that is not public.'],
    ['https://mapped.example.com/', 'mapped.example.com resolves to an address that is not public.'],
    ['https://metadata.example.com/', 'metadata.example.com resolves to an address that is not public.'],
    ['https://nowhere.example.com/', 'nowhere.example.com could not be resolved.'],
    ['not a url', 'The address is not a URL.'],
  ])('refuses %s', async (url, words) => {
    await expect(checkOutboundAddress(url, { resolve })).rejects.toEqual(new OutboundRefused(words));
  });

  it('lets through exactly the origins configuration names (the sandbox), and nothing else on their host', async () => {
    const rule = { resolve, allowedOrigins: ['http://127.0.0.1:4566'] };
    await expect(checkOutboundAddress('http://127.0.0.1:4566/bluesky/pds/xrpc', rule)).resolves.toBeUndefined();
    await expect(checkOutboundAddress('http://127.0.0.1:4567/', rule)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(checkOutboundAddress('https://127.0.0.1:4566/', rule)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(checkOutboundAddress('http://localhost:4566/', rule)).rejects.toBeInstanceOf(OutboundRefused);
  });
});

describe('the outbound fetch', () => {
  function answering(response: () => Response) {
    const requests: Array<{ url: string; init: RequestInit }> = [];
    const fetchImpl: OutboundFetch = async (url, init) => {
      requests.push({ url, init });
      return response();
    };
    return { requests, fetchImpl };
  }

  it('asks nothing of an address it refuses', async () => {
    const { requests, fetchImpl } = answering(() => new Response('{}'));
    await expect(createOutboundFetch({ resolve }, fetchImpl)('http://pds.example.com/', {})).rejects.toBeInstanceOf(OutboundRefused);
    expect(requests).toEqual([]);
  });

  it('returns the answer of an address it lets through, asking for redirects not to be followed, within a time bound', async () => {
    const { requests, fetchImpl } = answering(() => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
    const response = await createOutboundFetch({ resolve }, fetchImpl)('https://pds.example.com/x', { method: 'GET' });
    expect(await response.json()).toEqual({ ok: true });
    expect(requests[0]!.init).toMatchObject({ method: 'GET', redirect: 'manual' });
    expect(requests[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('refuses a redirect, wherever it points, without echoing it', async () => {
    const { fetchImpl } = answering(() => new Response('moved', { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }));
    await expect(createOutboundFetch({ resolve }, fetchImpl)('https://pds.example.com/', {})).rejects.toEqual(new OutboundRefused('https://pds.example.com answered with a redirect, which is not followed.'));
  });

  it('hands back 304 Not Modified, the answer to a conditional GET, as no redirect', async () => {
    const { fetchImpl } = answering(() => new Response(null, { status: 304, headers: { etag: '"v1"' } }));
    const response = await createOutboundFetch({ resolve }, fetchImpl)('https://pds.example.com/rss.xml', { headers: { 'if-none-match': '"v1"' } });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe('"v1"');
  });

  it('refuses an answer larger than its bound, by its length or as it streams', async () => {
    const announced = answering(() => new Response('x'.repeat(20), { headers: { 'content-length': '20' } }));
    await expect(createOutboundFetch({ resolve, maxBytes: 10 }, announced.fetchImpl)('https://pds.example.com/', {})).rejects.toEqual(new OutboundRefused('https://pds.example.com answered with more than 10 bytes.'));
    const streamed = answering(() => new Response(new ReadableStream({ start: (controller) => [6, 6].forEach((size) => controller.enqueue(new Uint8Array(size))) })));
    await expect(createOutboundFetch({ resolve, maxBytes: 10 }, streamed.fetchImpl)('https://pds.example.com/', {})).rejects.toEqual(new OutboundRefused('https://pds.example.com answered with more than 10 bytes.'));
  });

  it('gives up on an answer that takes longer than its time bound', async () => {
    const hanging: OutboundFetch = (_url, init) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));
    await expect(createOutboundFetch({ resolve, timeoutMs: 20 }, hanging)('https://pds.example.com/', {})).rejects.toThrow(/timeout|aborted/i);
  });
});
