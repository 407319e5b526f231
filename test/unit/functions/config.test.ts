import { describe, expect, it } from 'vitest';
import { readBucketNames, readTableNames } from '../../../functions/config';

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

describe('bucket configuration', () => {
  it('reads the bucket names a function needs and fails fast naming a missing one', () => {
    expect(readBucketNames({ BUCKET_MEDIA: 'prod-media' }, ['media'])).toEqual({ media: 'prod-media' });
    expect(() => readBucketNames({}, ['content'])).toThrow('Missing configuration: BUCKET_CONTENT');
  });
});

