import { describe, expect, it } from 'vitest';
import { activityKinds } from '../../../shared/api/activity';
import { en } from '../../../shared/i18n/en';
import { tr } from '../../../shared/i18n/tr';
import { exportedTables } from '../../../functions/services/dataExport';
import { tables } from '../../../shared/resources/tables';

describe('the activity log', () => {
  it('says every kind of action in words, in English and Turkish', () => {
    for (const messages of [en, tr]) {
      for (const kind of activityKinds) {
        const [family, action] = kind.split('.') as [string, string];
        const text = (messages.activity.kinds as Record<string, Record<string, string> | undefined>)[family]?.[action];
        expect(text, `${kind} in ${messages === en ? 'English' : 'Turkish'}`).toMatch(/\S/);
      }
    }
  });

  it('is kept per workspace partition and goes into "Download my data" and the account deletion', () => {
    expect(tables.activity.partitionKey.name).toBe('userId');
    expect(tables.activity.userData).toEqual({ by: 'partitionKey', export: true });
    expect(exportedTables).toContain('activity');
  });
});
