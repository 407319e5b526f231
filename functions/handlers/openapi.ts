import { buildOpenApiDocument } from '../../shared/api/openapi';
import { apiDependencies } from '../composition/http';
import { siteUrl } from '../composition/shared';
import { createHttpHandler } from '../http/httpHandler';

/** Built once per cold start: the route table cannot change under a running function. */
const document = buildOpenApiDocument({ serverUrl: `${siteUrl()}/api` });

export const handler = createHttpHandler('openapi', { getOpenApiDocument: async () => document }, apiDependencies('openapi'));
