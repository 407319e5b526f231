import { describe, expect, it } from 'vitest';
import { TWIN_VARIABLES } from '../../../infra/local/environment';
import { withoutTwinVariables } from '../../setup/withoutTwin';

describe('unit files run without the twin\'s environment (test/setup/withoutTwin.ts)', () => {
  it('removes the variables the twin listed, and the list, and leaves the others', () => {
    const env: NodeJS.ProcessEnv = { AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4569', POWERTOOLS_METRICS_DISABLED: 'true', HOME: '/root', [TWIN_VARIABLES]: 'AWS_ENDPOINT_URL_S3,POWERTOOLS_METRICS_DISABLED' };
    withoutTwinVariables(env);
    expect(env).toEqual({ HOME: '/root' });
  });

  it('has run in this worker: in a full run, where the twin started first, its list of variables is gone', () => {
    expect(process.env[TWIN_VARIABLES]).toBeUndefined();
  });
});
