import * as z from '../zod';
import { postLists } from './posts';
import { platforms } from '../platforms';

/** Rows per import request: the browser sends a file in batches of this many (docs/csv.md). */
export const IMPORT_BATCH_ROWS = 100;

const sha256Hex = /^[0-9a-f]{64}$/;

/**
 * One row of a CSV import, as the browser read it (shared/csv/importRows.ts): its line, a hash
 * of its cells (its identity's check), when it publishes, and the post's body, which the server
 * checks row by row with the createPost (or saveDraft) schema, so one bad row refuses only itself.
 */
export const importRowSchema = z.object({
  line: z.number().int().min(2).max(1_000_000),
  rowHash: z.string().regex(sha256Hex, 'The row hash is the SHA-256 of the row, in hex.'),
  timing: z.enum(['scheduled', 'queue', 'draft']),
  post: z.unknown(),
});
export type ImportRowInput = z.infer<typeof importRowSchema>;

export const importPostsSchema = z
  .object({
    /** The SHA-256 of the file (hex): with the workspace and a row's line, the row's identity. */
    fileId: z.string().regex(sha256Hex, 'The file id is the SHA-256 of the file, in hex.'),
    /** Check every row as the import would, and create nothing. */
    dryRun: z.boolean(),
    rows: z.array(importRowSchema).min(1, 'Send at least one row.').max(IMPORT_BATCH_ROWS, `Send at most ${IMPORT_BATCH_ROWS} rows at a time.`),
  })
  .superRefine((body, context) => {
    const lines = new Set<number>();
    for (const [index, row] of body.rows.entries()) {
      if (lines.has(row.line)) context.addIssue({ code: 'custom', path: ['rows', index, 'line'], message: `Line ${row.line} is sent twice.` });
      lines.add(row.line);
    }
  });
export type ImportPosts = z.infer<typeof importPostsSchema>;

/**
 * A row's outcome: accepted by a dry run (as what it would become), created now (scheduled,
 * submitted for approval, or a draft), imported by an earlier run of the same file (nothing
 * created), or refused, each problem at its column in words.
 */
export const importOutcomes = ['accepted', 'scheduled', 'submitted', 'drafted', 'alreadyImported', 'refused'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const rowOutcomeSchema = z.object({
  line: z.number().int(),
  outcome: z.enum(importOutcomes),
  /** A dry run's accepted row: what the import will make of it. */
  becomes: z.enum(['scheduled', 'submitted', 'drafted']).nullable(),
  postId: z.string().nullable(),
  problems: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type RowOutcome = z.infer<typeof rowOutcomeSchema>;

export const importResultSchema = z.object({ rows: z.array(rowOutcomeSchema) });
export type ImportResult = z.infer<typeof importResultSchema>;

/** GET /exports/posts: the lists' filter (list, platform) and a date range (ISO days, inclusive, UTC). */
export const exportPostsQuerySchema = z
  .object({
    status: z.enum(postLists).default('published'),
    platform: z.enum(platforms).optional(),
    from: z.iso.date({ message: 'The start date must be a day such as 2026-11-01.' }).optional(),
    to: z.iso.date({ message: 'The end date must be a day such as 2026-11-30.' }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'The end date is before the start date.' });
export type ExportPostsQuery = z.infer<typeof exportPostsQuerySchema>;

/** The export as the browser saves it: the CSV's text (UTF-8, with a byte order mark for spreadsheets) and a file name. */
export const postExportSchema = z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() });
export type PostExport = z.infer<typeof postExportSchema>;
