import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateClientTypes, typesFile } from '../../../examples/api-client/generateTypes';

describe('the typed client example', () => {
  it('has the types openapi-typescript generates from today\'s document committed (npm run api-client:types writes them)', async () => {
    const committed = readFileSync(typesFile, 'utf8');

    expect(committed === (await generateClientTypes()), 'examples/api-client/openapi.d.ts is out of date: run npm run api-client:types').toBe(true);
    expect(committed).toContain('"/v1/posts"');
  });
});
