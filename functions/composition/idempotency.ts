import { createIdempotency, type Idempotency } from '../http/idempotency';
import { tableName } from './shared';

let built: Idempotency | undefined;
/**
 * Answers kept per Idempotency-Key on the idempotency table: only for the functions whose group
 * has idempotent routes (posts, account), so the others never load Powertools' idempotency.
 */
export function idempotency(): Idempotency {
  return (built ??= createIdempotency(tableName('idempotency')));
}
