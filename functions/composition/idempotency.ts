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

/** How long an imported row is remembered: beyond the scheduling horizon, so a file imported again while its posts wait creates none twice. */
export const IMPORT_ROW_REMEMBERED_SECONDS = 400 * 24 * 3600;

let importRows: Idempotency | undefined;
/** Each CSV import row's outcome, kept on the same table under its own prefix for IMPORT_ROW_REMEMBERED_SECONDS (functions/services/postImport.ts). */
export function importRowIdempotency(): Idempotency {
  return (importRows ??= createIdempotency(tableName('idempotency'), { expiresAfterSeconds: IMPORT_ROW_REMEMBERED_SECONDS, keyPrefix: 'oneclick-import' }));
}
