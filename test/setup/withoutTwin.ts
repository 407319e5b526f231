import { TWIN_VARIABLES } from '../../infra/local/environment';

/** Removes from `env` the variables the twin set (it lists their names under TWIN_VARIABLES), and the list. */
export function withoutTwinVariables(env: NodeJS.ProcessEnv): void {
  for (const name of (env[TWIN_VARIABLES] ?? '').split(',').filter(Boolean)) delete env[name];
  delete env[TWIN_VARIABLES];
}

/**
 * Unit and infra files run without the twin's environment. In a full run the system projects'
 * global setup starts the twin first, in vitest's main process, and the variables it sets (the
 * stand-ins' AWS_ENDPOINT_URL_<SERVICE>, table and bucket names, metrics off…) reach every worker
 * started after it: an S3 client in a unit test then signed links for the twin's S3, and the
 * operator metrics' tests wrote nothing. Alone (`--project unit`) they never saw them.
 */
withoutTwinVariables(process.env);
