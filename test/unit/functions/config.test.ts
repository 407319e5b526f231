import { describe, expect, it } from 'vitest';
import { readTableNames } from '../../../functions/config';

describe('function configuration', () => {
  it('reads the table names a handler needs', () => {
    expect(readTableNames({ TABLE_MEMBERSHIPS: 'prod-memberships' }, ['memberships'])).toEqual({ memberships: 'prod-memberships' });
  });

  it('fails fast naming the missing variable', () => {
    expect(() => readTableNames({}, ['memberships'])).toThrow('Missing configuration: TABLE_MEMBERSHIPS');
    expect(() => readTableNames({ TABLE_MEMBERSHIPS: '  ' }, ['memberships'])).toThrow('TABLE_MEMBERSHIPS');
  });

  it('derives variable names from the table definitions', () => {
    expect(() => readTableNames({}, ['oauthStates'])).toThrow('TABLE_OAUTH_STATES');
  });
});
