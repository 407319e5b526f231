import { describe, expect, it } from 'vitest';
import { tableKeys, tables, type TableDefinition } from '../../../shared/resources/tables';
import { bucketKeys, buckets, type BucketDefinition } from '../../../shared/resources/buckets';
import { backgroundTasks, handlerGroups } from '../../../functions/handlers/groups';

/**
 * Where a user's data lives is declared once per table and bucket; the export and the account
 * deletion iterate over those declarations. A table or bucket added without one fails here.
 */
describe('user data declarations', () => {
  it.each(tableKeys)('the %s table declares where a user\'s rows are', (key) => {
    const table: TableDefinition = tables[key];
    expect(table.userData, `${table.name} needs userData`).toBeDefined();
    const location = table.userData;
    switch (location.by) {
      case 'partitionKey':
        expect(table.partitionKey.name, 'partitioned by the user id').toBe('userId');
        break;
      case 'attribute':
        // Found by a filtered scan: only acceptable for small tables whose records expire.
        expect(location.attribute).toMatch(/\w/);
        expect(table.timeToLiveAttribute, `${table.name}: a scanned table must expire its records (TTL)`).toBeDefined();
        break;
      case 'none':
        expect(location.reason.length).toBeGreaterThan(20);
        break;
      default:
        throw new Error(`${table.name}: unknown userData ${JSON.stringify(location)}`);
    }
  });

  it('every table partitioned by the user id declares it (none is left out of deletion by mistake)', () => {
    for (const key of tableKeys) {
      const table: TableDefinition = tables[key];
      const location = table.userData;
      if (table.partitionKey.name !== 'userId') continue;
      // The one exception is declared, not implied: records that outlive the deletion on purpose, and expire.
      if (location.by === 'none' && location.outlivesDeletion) expect(table.timeToLiveAttribute, key).toBeDefined();
      else expect(location.by, key).toBe('partitionKey');
    }
  });

  it.each(bucketKeys)('the %s bucket declares its objects under <userId>/', (key) => {
    const bucket: BucketDefinition = buckets[key];
    expect(bucket.userData, `${bucket.name} needs userData`).toEqual({ by: 'prefix', export: expect.any(Boolean) });
  });

  it('the account deletion task may reach every table that holds user data and every bucket; the account function only starts it', () => {
    const needs = backgroundTasks.deleteAccount.needs as { tables: Record<string, string>; buckets: Record<string, string> };
    for (const key of tableKeys) {
      if (tables[key].userData.by !== 'none') expect(needs.tables[key], key).toBe('readWrite');
    }
    expect(needs.tables['deletedAccounts']).toBe('readWrite');
    for (const key of bucketKeys) expect(needs.buckets[key], key).toBe('readWrite');
    expect(needs).toMatchObject({ listsUserObjects: true, deletesUsers: true, platformAccess: true, startsPublishing: true });
    expect(handlerGroups.account).toMatchObject({ tables: { memberships: 'readWrite', deletedAccounts: 'readWrite' }, buckets: { exports: 'read' }, startsTasks: ['exportData', 'deleteAccount'] });
    expect(handlerGroups.account).not.toHaveProperty('deletesUsers');
  });

  it('every API function can update the record its HTTP layer counts a user\'s calls on and finds the tombstone in; only the account function may write tombstones', () => {
    for (const [name, needs] of Object.entries(handlerGroups)) expect(needs.tables['deletedAccounts'], name).toBe(name === 'account' ? 'readWrite' : 'readUpdate');
  });

  it('the export reads every exported table and bucket, writes only its own state and the exports bucket, and gets no platform access', () => {
    const needs = backgroundTasks.exportData.needs as { tables: Record<string, string>; buckets: Record<string, string>; platformAccess?: boolean };
    for (const key of tableKeys) {
      const location = tables[key].userData;
      if (location.by !== 'none' && location.export) expect(needs.tables[key], key).toBeDefined();
    }
    expect(Object.entries(needs.tables).filter(([, access]) => access === 'readWrite').map(([key]) => key)).toEqual(['memberships']);
    expect(Object.entries(needs.buckets).filter(([, access]) => access === 'readWrite').map(([key]) => key)).toEqual(['exports']);
    expect(needs.platformAccess).toBeUndefined();
  });

  it('the exports bucket is not browser-uploadable and its archives expire', () => {
    expect(buckets.exports).toMatchObject({ browserUploads: false, userData: { export: false } });
    expect(buckets.exports.expireObjectsAfterDays).toBeGreaterThan(0);
    expect(buckets.exports.expireObjectsAfterDays).toBeLessThanOrEqual(7);
  });
});
