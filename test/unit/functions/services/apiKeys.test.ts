import { describe, expect, it } from 'vitest';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { formatApiKey, parseApiKey } from '../../../../shared/api/apiKeys';
import { API_KEY_REFUSED_MESSAGE, ApiKeyRefused, createApiKeys, LAST_USED_EVERY_MS, type ApiKeyItem } from '../../../../functions/services/apiKeys';
import type { WorkspaceAccess } from '../../../../functions/services/workspaces';

type Row = Record<string, unknown>;

/** The memberships table in memory: the five requests the key service sends, with their conditions as it writes them. */
function memoryTable() {
  const rows = new Map<string, Row>();
  const id = (key: Row) => `${String(key['userId'])}|${String(key['record'])}`;
  const sent: string[] = [];
  const db = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const name = command.constructor.name;
      sent.push(name);
      const input = command.input as { Key?: Row; Item?: Row; ExpressionAttributeValues?: Row; UpdateExpression?: string };
      if (name === 'PutCommand') {
        if (rows.has(id(input.Item!))) throw Object.assign(new Error('exists'), { name: 'ConditionalCheckFailedException' });
        rows.set(id(input.Item!), structuredClone(input.Item!));
        return {};
      }
      if (name === 'GetCommand') return { Item: structuredClone(rows.get(id(input.Key!))) };
      if (name === 'QueryCommand') {
        const values = input.ExpressionAttributeValues!;
        return { Items: [...rows.values()].filter((row) => row['userId'] === values[':partition'] && String(row['record']).startsWith(String(values[':prefix']))) };
      }
      if (name === 'UpdateCommand') {
        const row = rows.get(id(input.Key!));
        const values = input.ExpressionAttributeValues!;
        if (!row) throw Object.assign(new Error('missing'), { name: 'ConditionalCheckFailedException' });
        if (input.UpdateExpression!.includes('revokedAt')) row['revokedAt'] ??= values[':now'];
        else {
          if (row['lastUsedAt'] !== undefined && String(row['lastUsedAt']) > String(values[':due'])) throw Object.assign(new Error('recent'), { name: 'ConditionalCheckFailedException' });
          Object.assign(row, { lastUsedAt: values[':now'], lastUsedFrom: values[':from'] });
        }
        return { Attributes: structuredClone(row) };
      }
      throw new Error(`unexpected ${name}`);
    },
  } as unknown as DynamoDBDocumentClient;
  return { db, rows, sent };
}

const workspaceId = '11111111-2222-4333-8444-555555555555';
const editor: WorkspaceAccess = { workspaceId, role: 'editor', personal: false };
const admin: WorkspaceAccess = { workspaceId, role: 'admin', personal: false };
const alice = { userId: 'alice', email: 'alice@example.com' };
const bob = { userId: 'bob', email: 'bob@example.com' };

function setUp() {
  let now = new Date('2026-11-28T10:00:00.000Z');
  const table = memoryTable();
  const keys = createApiKeys({ db: table.db, tableName: 'memberships', clock: { now: () => now } });
  return { ...table, keys, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe('an API key\'s text', () => {
  it('reads back the workspace, key id and secret it was made from, even when the secret holds underscores', () => {
    const parts = { workspaceId, keyId: '01JDZ7Q7S2M3N4P5Q6R7S8T9VW', secret: 'a_b-c'.padEnd(43, 'x') };
    expect(parseApiKey(formatApiKey(parts))).toEqual(parts);
  });

  it('is not a key when its prefix, ids or secret are malformed', () => {
    for (const text of ['', 'ock_', 'sk_x_01JDZ7Q7S2M3N4P5Q6R7S8T9VW_' + 'x'.repeat(43), `ock_${workspaceId}_short_${'x'.repeat(43)}`, `ock_${workspaceId}_01JDZ7Q7S2M3N4P5Q6R7S8T9VW_tooShort`, `ock_a/b_01JDZ7Q7S2M3N4P5Q6R7S8T9VW_${'x'.repeat(43)}`]) {
      expect(parseApiKey(text), text).toBeUndefined();
    }
  });
});

describe('API keys', () => {
  it('answers the key once and keeps only the SHA-256 hash of its secret', async () => {
    const { keys, rows } = setUp();

    const created = await keys.create(editor, alice, { name: 'Scheduler script', scopes: ['read', 'write'] });

    const stored = [...rows.values()][0] as unknown as ApiKeyItem;
    const { secret } = parseApiKey(created.key)!;
    expect(stored.record).toBe(`apikey#${created.keyId}`);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect((await keys.list(editor, alice)).keys[0]).not.toHaveProperty('key');
  });

  it('opens with its own text, and refuses a changed secret, an unknown id and a non-key in the same words', async () => {
    const { keys } = setUp();
    const created = await keys.create(editor, alice, { name: 'Bot', scopes: ['read'] });
    const parts = parseApiKey(created.key)!;

    expect((await keys.verify(created.key)).keyId).toBe(created.keyId);
    const wrongSecret = formatApiKey({ ...parts, secret: `${parts.secret.slice(0, -1)}${parts.secret.endsWith('A') ? 'B' : 'A'}` });
    const unknownKey = formatApiKey({ ...parts, keyId: '01JDZ7Q7S2M3N4P5Q6R7S8T9VW' });
    for (const text of [wrongSecret, unknownKey, 'not a key']) {
      await expect(keys.verify(text)).rejects.toThrow(new ApiKeyRefused());
    }
    expect(new ApiKeyRefused().message).toBe(API_KEY_REFUSED_MESSAGE);
  });

  it('stops opening once revoked, and once expired', async () => {
    const { keys, advance } = setUp();
    const revoked = await keys.create(editor, alice, { name: 'Old', scopes: ['read'] });
    const expiring = await keys.create(editor, alice, { name: 'Trial', scopes: ['read'], expiresInDays: 1 });

    await keys.revoke(editor, alice, revoked.keyId);
    advance(86_400_000);

    await expect(keys.verify(revoked.key)).rejects.toBeInstanceOf(ApiKeyRefused);
    await expect(keys.verify(expiring.key)).rejects.toBeInstanceOf(ApiKeyRefused);
    expect((await keys.list(editor, alice)).keys.map((key) => key.status).sort()).toEqual(['expired', 'revoked']);
  });

  it('writes the last use at most once a minute, with the address it came from', async () => {
    const { keys, sent, advance } = setUp();
    const created = await keys.create(editor, alice, { name: 'Bot', scopes: ['read'] });

    await keys.touch(await keys.verify(created.key), '203.0.113.9');
    await keys.touch(await keys.verify(created.key), '203.0.113.10');
    advance(LAST_USED_EVERY_MS - 1);
    await keys.touch(await keys.verify(created.key), '203.0.113.11');
    const updatesWithinTheMinute = sent.filter((name) => name === 'UpdateCommand').length;
    advance(1);
    await keys.touch(await keys.verify(created.key), '203.0.113.12');

    expect(updatesWithinTheMinute).toBe(1);
    const [listed] = (await keys.list(editor, alice)).keys;
    expect(listed).toMatchObject({ lastUsedAt: '2026-11-28T10:01:00.000Z', lastUsedFrom: '203.0.113.12' });
  });

  it('shows a member their own keys, and an admin every member\'s; a member cannot revoke another\'s', async () => {
    const { keys } = setUp();
    const alicesKey = await keys.create(editor, alice, { name: 'Alice', scopes: ['read'] });
    await keys.create(editor, bob, { name: 'Bob', scopes: ['publish'] });

    expect((await keys.list(editor, alice)).keys.map((key) => key.name)).toEqual(['Alice']);
    expect((await keys.list(admin, bob)).keys.map((key) => key.name).sort()).toEqual(['Alice', 'Bob']);
    await expect(keys.revoke(editor, bob, alicesKey.keyId)).rejects.toThrow(/not yours to revoke/);
    expect((await keys.revoke(admin, bob, alicesKey.keyId)).status).toBe('revoked');
  });
});
