import type { HandlerGroupName } from '../../shared/api/routes';
import type { TableKey } from '../../shared/resources/tables';
import type { BucketKey } from '../../shared/resources/buckets';

/**
 * What each handler group touches. The stack grants exactly this, and passes the names in
 * the environment; the handler reads only these at cold start.
 */
export interface HandlerGroupNeeds {
  readonly entry: string;
  readonly tables: Partial<Record<TableKey, 'read' | 'readWrite'>>;
  readonly buckets: Partial<Record<BucketKey, 'read' | 'readWrite'>>;
}

export const handlerGroups: Record<HandlerGroupName, HandlerGroupNeeds> = {
  me: { entry: 'functions/handlers/me.ts', tables: { memberships: 'readWrite' }, buckets: {} },
};
