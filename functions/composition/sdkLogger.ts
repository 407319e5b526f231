/**
 * Takes the SDK's logger middleware off a client. After every call it passes the request and the
 * whole answer through the command's sensitive-data filter to hand them to the client's logger,
 * which is a no-op unless one is given (ours log through Powertools, never through the SDK): a
 * walk of every answer for nothing, about 0.5 ms of CPU for a 50-item Query (docs/decisions.md).
 */
export function withoutSdkLogger<Client extends { middlewareStack: { remove(name: string): boolean } }>(client: Client): Client {
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}
