import { Rejected, Retryable } from '../errors';
import type { PlatformHttp } from '../http';

/**
 * DID resolution as the OAuth client needs it (atproto.com/specs/did): did:plc from the PLC
 * directory, did:web from the host's /.well-known/did.json. The PDS is the `#atproto_pds`
 * service; the handle is the first at:// alias.
 */
export interface ResolvedIdentity {
  did: string;
  pds: string;
  handle?: string;
}

const DID_PATTERN = /^did:(plc:[a-z2-7]{24}|web:[a-zA-Z0-9.%-]+)$/;

export function isDid(value: unknown): value is string {
  return typeof value === 'string' && DID_PATTERN.test(value);
}

export async function resolveDid(http: PlatformHttp, plcDirectory: string, did: string): Promise<ResolvedIdentity> {
  if (!isDid(did)) throw new Rejected(`Bluesky answered with an account id that is not a DID: ${did}`);
  const url = did.startsWith('did:plc:') ? `${plcDirectory}/${did}` : `https://${decodeURIComponent(did.slice('did:web:'.length))}/.well-known/did.json`;
  const response = await http({ method: 'GET', url });
  if (response.status >= 500) throw new Retryable('The DID directory is unavailable');
  if (response.status !== 200) throw new Rejected(`The Bluesky account ${did} could not be resolved`);
  const document = (response.body ?? {}) as { id?: string; alsoKnownAs?: unknown; service?: Array<{ id?: string; type?: string; serviceEndpoint?: unknown }> };
  if (document.id !== did) throw new Rejected(`The DID document of ${did} names another account`);
  const pds = document.service?.find((service) => (service.id === '#atproto_pds' || service.id === `${did}#atproto_pds`) && service.type === 'AtprotoPersonalDataServer')?.serviceEndpoint;
  if (typeof pds !== 'string' || !/^https?:\/\//.test(pds)) throw new Rejected(`The Bluesky account ${did} has no PDS in its DID document`);
  const alias = Array.isArray(document.alsoKnownAs) ? document.alsoKnownAs.find((entry): entry is string => typeof entry === 'string' && entry.startsWith('at://')) : undefined;
  return { did, pds: pds.replace(/\/$/, ''), ...(alias ? { handle: alias.slice('at://'.length) } : {}) };
}
