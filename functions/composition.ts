/**
 * The composition root (docs/decisions.md, "One composition root") is the functions/composition/
 * folder, and this file is its index. What every function shares is in composition/shared.ts;
 * the SDK clients only some use in composition/s3.ts and composition/platformAccess.ts; each
 * area's services in composition/<area>.ts. A handler imports the area it serves and maps its
 * routes to those services, nothing more. Handlers never import this index (it would load every
 * SDK client into every function); code outside the root's area files (the publish step, tests)
 * may.
 *
 * Two rules keep every Lambda small and every service free of configuration:
 * - Only the root (this file and functions/composition/) reads process.env; services get values.
 * - Everything is built by a getter over a module-level cache: on the first call, once per cold
 *   start, never at import; and each area file imports only what its services use, so a
 *   function's bundle (and its cold start) holds only its own services and SDK clients.
 */
export { bucketName, clock, createDocumentClient, createLogger, documentClient, readSiteUrl, siteUrl, tableName } from './composition/shared';
export { createS3Client, s3Client } from './composition/s3';
export { createTokenCipher, loadPlatformCredentials } from './composition/platformAccess';
