import type { AuthorizeDialect } from './oauth';
import type { PlatformSandbox } from './platform';

/**
 * The hosts a platform's sandbox serves: the ones it declares (`hosts`, its adapter's configured
 * host keys) and the upload hosts it only hands out in answers (`uploadHosts`).
 */

export function servesHost(sandbox: Pick<PlatformSandbox, 'hosts' | 'uploadHosts'>, hostKey: string): boolean {
  return sandbox.hosts.includes(hostKey) || (sandbox.uploadHosts?.includes(hostKey) ?? false);
}

/**
 * A route or authorize endpoint on a host the platform does not declare could never be reached:
 * the sandbox refuses to start with one, saying which.
 */
export function checkHosts(platform: string, sandbox: Pick<PlatformSandbox, 'hosts' | 'uploadHosts' | 'routes'> & { authorize: Pick<AuthorizeDialect, 'endpoints'> }): void {
  const used = [
    ...sandbox.routes.map((route) => ({ hostKey: route.hostKey, what: `route ${route.method} ${route.path}` })),
    ...sandbox.authorize.endpoints.map((endpoint) => ({ hostKey: endpoint.hostKey, what: `authorize endpoint ${endpoint.path}` })),
  ];
  const stray = used.find((use) => !servesHost(sandbox, use.hostKey));
  if (stray) {
    throw new Error(`The ${platform} sandbox's ${stray.what} is on host "${stray.hostKey}", which it does not declare (its hosts: ${sandbox.hosts.join(', ')})`);
  }
}
