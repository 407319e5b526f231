import { TWIN_VARIABLES } from '../../infra/local/environment';

/**
 * Unit and infra files run without the twin's environment. In a full run the system projects'
 * global setup starts the twin first, in vitest's main process, and the variables it sets (the
 * stand-ins' AWS_ENDPOINT_URL_<SERVICE>, table and bucket names, metrics off…) reach every worker
 * started after it: an S3 client in a unit test then signed links for the twin's S3, and the
 * operator metrics' tests wrote nothing. Alone (`--project unit`) they never saw them.
 */
for (const name of (process.env[TWIN_VARIABLES] ?? '').split(',').filter(Boolean)) delete process.env[name];
delete process.env[TWIN_VARIABLES];
