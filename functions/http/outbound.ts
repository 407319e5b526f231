import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * The one outbound rule (STYLE.md, "One outbound rule"; issue 26, item 6): a server-side request
 * to an address a user gave (an instance, a feed, a webhook, a media URL, an identity's server)
 * goes to https only, to a host name (never an IP literal) whose every address is public once
 * resolved, follows no redirect, and reads a bounded answer within a bounded time.
 *
 * The only exception is an origin named by configuration (`allowedOrigins`: the platform
 * sandbox's, from the <PLATFORM>_HOST_<KEY> overrides), taken exactly as written; on AWS there is
 * none. Between this check and the connection the name is resolved again, so a name that
 * changes its address in that instant is not caught (docs/decisions.md).
 */

/** A request the rule refuses, with why in words (which name the address, never its answer). */
export class OutboundRefused extends Error {}

export type OutboundFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface OutboundRule {
  /** Origins let through as they are (scheme, host and port), named by configuration; none on AWS. */
  allowedOrigins?: readonly string[];
  /** A host name's addresses (node:dns, every address by default; tests pass a table). */
  resolve?: (hostname: string) => Promise<string[]>;
  /** The longest answer read, in bytes. */
  maxBytes?: number;
  /** The longest a request may take, answer included. */
  timeoutMs?: number;
}

export const OUTBOUND_MAX_BYTES = 1024 * 1024;
export const OUTBOUND_TIMEOUT_MS = 30_000;

const resolveWithDns = async (hostname: string): Promise<string[]> => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Whether an address is a public one: ipaddr.js's `unicast`, after an IPv4-mapped IPv6 address
 * is read as the IPv4 it carries. Loopback, private, link-local, unique-local, carrier-grade NAT,
 * multicast, unspecified, broadcast and the reserved and translation ranges are not.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** Refuses (OutboundRefused) an address the rule does not let through; resolves when it does. */
export async function checkOutboundAddress(url: string, rule: OutboundRule = {}): Promise<void> {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    throw new OutboundRefused('The address is not a URL.');
  }
  if (rule.allowedOrigins?.includes(address.origin)) return;
  if (address.protocol !== 'https:') throw new OutboundRefused(`${address.origin} is not an https address.`);
  const host = address.hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(host)) throw new OutboundRefused(`${address.host} is an IP address, not a host name.`);
  let addresses: string[];
  try {
    addresses = await (rule.resolve ?? resolveWithDns)(host);
  } catch {
    throw new OutboundRefused(`${host} could not be resolved.`);
  }
  if (addresses.length === 0) throw new OutboundRefused(`${host} could not be resolved.`);
  if (!addresses.every(isPublicAddress)) throw new OutboundRefused(`${host} resolves to an address that is not public.`);
}

/**
 * The origins let through besides public https hosts: ONECLICK_OUTBOUND_ALLOWED_ORIGINS (comma
 * separated), which the twin sets to the platform sandbox's origin (its test feeds) and tests to
 * their own receivers; unset on AWS. Feeds and webhooks read it alike.
 */
export function outboundAllowedOrigins(env: NodeJS.ProcessEnv): string[] {
  return (env['ONECLICK_OUTBOUND_ALLOWED_ORIGINS'] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => new URL(origin).origin);
}

/** Statuses whose answer has no body (a Response with one cannot be made). */
const bodiless = new Set([101, 103, 204, 205, 304]);

/** The answer read whole, refused past `maxBytes` (by its Content-Length, or as it streams). */
async function boundedAnswer(response: Response, origin: string, maxBytes: number): Promise<Response> {
  const tooLarge = () => new OutboundRefused(`${origin} answered with more than ${maxBytes} bytes.`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader!.read()) {
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader!.cancel();
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  const body = bodiless.has(response.status) ? null : Buffer.concat(chunks);
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * A fetch that keeps the rule: the address checked before the request, redirects refused
 * (`redirect: 'manual'`, a 3xx answer other than 304 Not Modified is an OutboundRefused), the answer bounded in size and the
 * whole request in time (besides any signal the caller gives).
 */
export function createOutboundFetch(rule: OutboundRule = {}, fetchImpl: OutboundFetch = (url, init) => fetch(url, init)): OutboundFetch {
  const maxBytes = rule.maxBytes ?? OUTBOUND_MAX_BYTES;
  const timeoutMs = rule.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  return async (url, init) => {
    await checkOutboundAddress(url, rule);
    const { origin } = new URL(url);
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await fetchImpl(url, { ...init, redirect: 'manual', signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
    // 304 Not Modified answers a conditional GET (a feed's ETag): it is no redirect.
    if (response.status >= 300 && response.status < 400 && response.status !== 304) {
      await response.body?.cancel();
      throw new OutboundRefused(`${origin} answered with a redirect, which is not followed.`);
    }
    return boundedAnswer(response, origin, maxBytes);
  };
}
