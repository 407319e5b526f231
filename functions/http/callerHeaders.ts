/**
 * Headers CloudFront adds on the way to the API (infra/constructs/web.ts): the viewer's address,
 * and the origin secret without which the functions do not believe it.
 */
export const VIEWER_ADDRESS_HEADER = 'x-oneclick-viewer-address';
export const ORIGIN_SECRET_HEADER = 'x-oneclick-origin-secret';
