import { describe, expect, inject, it } from 'vitest';
import { publicApiRoutes } from '../../../shared/api/publicApi';
import { validateOpenApi } from '../../support/openapi';

const twin = inject('twin');

describe('GET /api/openapi.json on the twin', () => {
  it('serves a valid OpenAPI 3.1 document of the public API without a token, cacheable by its ETag', async () => {
    const response = await fetch(`${twin.apiUrl}/openapi.json`);
    const document = (await response.json()) as { servers: Array<{ url: string }>; paths: Record<string, Record<string, { operationId: string }>> };

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const result = await validateOpenApi(document);
    expect(result.errors).toBe('[]');
    expect(result.version).toBe('3.1');
    const operationIds = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((operation) => operation.operationId));
    expect(operationIds.sort()).toEqual(Object.keys(publicApiRoutes).sort());
    // The twin's own address: where a script started against `npm start` sends its requests.
    expect(document.servers[0]?.url).toBe(`${twin.webUrl}/api`);

    const again = await fetch(`${twin.apiUrl}/openapi.json`, { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});
