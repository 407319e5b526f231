import { createConnectionsContext } from '../connectionsContext';
import { clock, documentClient } from './shared';

type ConnectionsContext = Awaited<ReturnType<typeof createConnectionsContext>>;

let context: Promise<ConnectionsContext> | undefined;
/** The connection store (tokens encrypted), the configured platforms' adapters and token freshness. */
export function connectionsContext(): Promise<ConnectionsContext> {
  return (context ??= createConnectionsContext(process.env, documentClient(), clock));
}
