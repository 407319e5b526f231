import { describe, expect, it } from 'vitest';
import { idempotencyKeyOf } from '../../../functions/http/idempotencyKey';
import { routeIds, routes, type RouteId } from '../../../shared/api/routes';
import { publicApiRoutes } from '../../../shared/api/publicApi';
import { tables } from '../../../shared/resources/tables';

describe('Idempotency-Key', () => {
  it('reads the header whatever its case, and none when absent or empty', () => {
    expect(idempotencyKeyOf({ 'idempotency-key': '0b3f3b0e-1f7e-4d7a-9d7e-3f0b1c2d3e4f' })).toBe('0b3f3b0e-1f7e-4d7a-9d7e-3f0b1c2d3e4f');
    expect(idempotencyKeyOf({ 'Idempotency-Key': '01ARZ3NDEKTSV4RRFFQ69G5FAV' })).toBe('01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(idempotencyKeyOf({})).toBeUndefined();
    expect(idempotencyKeyOf({ 'idempotency-key': '  ' })).toBeUndefined();
  });

  it('refuses a key too short, too long or with spaces, in words', () => {
    for (const key of ['short', 'x'.repeat(256), 'has a space in it']) {
      expect(() => idempotencyKeyOf({ 'idempotency-key': key })).toThrow(/must be 8 to 255 visible ASCII characters/);
    }
  });

  it('is taken by exactly the writes a browser may repeat (the issue\'s list, the drafts that create or publish, and approvals\' decisions and comments) and every write of the public API', () => {
    const flagged = routeIds.filter((id) => (routes[id] as { idempotent?: boolean }).idempotent).sort();
    const browserWrites = [
      'addPostComment',
      'approvePost',
      'cancelPost',
      'createDraft',
      'createPost',
      'duplicatePost',
      'editPost',
      'publishDraft',
      'publishTargetAgain',
      'rejectPost',
      'requestPostChanges',
      'reschedulePost',
      'retryPost',
      'startDataExport',
      'updateDraft',
    ];
    // previewQueue is a POST that writes nothing (where "Add to queue" would put a post).
    const publicWrites = (Object.keys(publicApiRoutes) as RouteId[]).filter((id) => routes[id].method !== 'GET' && id !== 'previewQueue');
    expect(flagged).toEqual([...new Set([...browserWrites, ...publicWrites])].sort());
  });

  it('uses a table keyed the way Powertools\' DynamoDB persistence layer expects (id, TTL on expiration)', () => {
    expect(tables.idempotency.partitionKey).toEqual({ name: 'id', type: 'S' });
    expect('sortKey' in tables.idempotency).toBe(false);
    expect(tables.idempotency.timeToLiveAttribute).toBe('expiration');
  });
});
