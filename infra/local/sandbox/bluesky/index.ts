import { json, type Route, type SandboxRequest, type SandboxResponse } from '../http';
import type { PlatformSandboxFactory } from '../platform';
import { blueskyAuthServer } from './authServer';
import { createDpopVerifier } from './dpop';
import { blueskyPds, pdsLimits } from './pds';
import { didOf, handleOf, type BlueskyState } from './state';
import { blueskyVideoService, videoLimits } from './videoService';

/**
 * Bluesky (AT Protocol): the entryway's authorization server (authServer.ts), the account's PDS
 * (pds.ts; a host the sandbox hands out in DID documents, like a real PDS host), the PLC
 * directory for did:plc resolution, and the video service (videoService.ts).
 */
export const bluesky: PlatformSandboxFactory = (context) => {
  const state: BlueskyState = {
    context,
    dpop: createDpopVerifier(() => context.now()),
    issuer: () => context.hostUrl('entryway'),
    pdsUrl: () => context.hostUrl('pds'),
    blobs: new Map(),
    records: new Map(),
    serviceTokens: new Map(),
  };
  const authServer = blueskyAuthServer(state);
  const pds = blueskyPds(state);
  const video = blueskyVideoService(state);

  /** GET plc.directory/<did>: the DID document with the handle and the PDS. */
  function didDocument(request: SandboxRequest): SandboxResponse {
    const did = request.params['did'] ?? '';
    const account = context.store.accounts(context.platform).find((candidate) => didOf(candidate.name) === did);
    if (!account) return json(404, { message: `DID not registered: ${did}` });
    return json(200, {
      '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
      id: did,
      alsoKnownAs: [`at://${handleOf(account.name)}`],
      verificationMethod: [],
      service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: state.pdsUrl() }],
    });
  }

  const routes: Route[] = [...authServer.routes, ...pds.routes, ...video.routes, { method: 'GET', hostKey: 'plc', path: '/{did}', handle: didDocument }];
  return {
    hosts: ['entryway', 'plc', 'video'],
    authorize: authServer.authorize,
    routes,
    avatarId: didOf,
    uploadHosts: ['pds'],
    limits: { ...pdsLimits, ...videoLimits },
    reset() {
      authServer.reset();
      video.reset();
      state.dpop.reset();
    },
  };
};
