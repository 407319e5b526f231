import { createHash } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { createPostSchema, saveDraftSchema, type CreatePost, type Post, type SaveDraft } from '../../shared/api/posts';
import type { ImportPosts, ImportResult, ImportRowInput, RowOutcome } from '../../shared/api/imports';
import { columnOfPath } from '../../shared/csv/importColumns';
import { DomainError } from '../errors';
import type { Acting, ApprovalService } from './approvals';
import type { DraftService } from './postDrafts';
import type { CheckReads, PostService } from './posts';
import type { QueueService } from './queue';

export interface PostImportDeps {
  approvals: Pick<ApprovalService, 'create' | 'decision'>;
  drafts: Pick<DraftService, 'create'>;
  posts: Pick<PostService, 'check' | 'checkReads'>;
  /** A `queue` row: the accounts' next free slots (functions/services/queue.ts), created through approvals.create as POST /posts with `queue` does. */
  queue: Pick<QueueService, 'add' | 'preview'>;
  /**
   * The rows' outcomes, kept per row identity: functions/http/idempotency.ts through the
   * composition's importRowIdempotency (its refusals are DomainErrors with the codes below).
   */
  idempotency: { once<T>(request: { scope: string; key: string; input: unknown }, context: Context | undefined, execute: () => Promise<T>): Promise<T> };
  log?: { error(message: string, extra: Record<string, unknown>): void };
}

/**
 * Rows of one request handled at the same time: each is a few reads and one transaction, mostly
 * waiting on DynamoDB, so several overlap (docs/benchmarks.md has what 4 and 8 measured).
 */
const ROWS_AT_ONCE = 8;

export const ROW_FAILED_MESSAGE = 'Something went wrong on our side with this row: import the file again to retry it (rows already imported are not imported twice).';

/** What is kept for an imported row: the post it made, nothing of its text. */
interface ImportedRow {
  postId: string;
  outcome: 'scheduled' | 'submitted' | 'drafted';
}

const outcomeOf = (post: Post): ImportedRow['outcome'] => (post.status === 'draft' && !post.approval ? 'drafted' : post.approval?.state === 'pending' ? 'submitted' : 'scheduled');

/**
 * A row's identity: the workspace (the scope), the file's content hash and the row's line. The
 * same file imported again, or an import cut off and run again, finds each row's record and
 * creates nothing twice; the row's own hash is what the record checks the repeat against.
 */
export function importRowKey(fileId: string, line: number): string {
  return createHash('sha256').update(`${fileId}#${line}`).digest('hex');
}

async function inOrder<T, R>(items: readonly T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
  return results;
}

/**
 * CSV import (docs/csv.md): checks rows with the same schemas and checks as POST /posts and
 * POST /drafts and, unless it is a dry run, creates each row's post through the same path
 * (approvals.create: published as scheduled or submitted for approval, as the workspace's rule
 * says; drafts.create), once per row identity. Every row gets its outcome; none is left out.
 */
export function createPostImport({ approvals, drafts, posts, queue, idempotency, log }: PostImportDeps) {
  const refused = (line: number, problems: RowOutcome['problems']): RowOutcome => ({ line, outcome: 'refused', becomes: null, postId: null, problems });

  function problemsOf(error: DomainError): RowOutcome['problems'] {
    if (error.issues.length) return error.issues.map((issue) => ({ column: columnOfPath(issue.path.split('.')), message: issue.message }));
    return [{ column: '', message: error.message }];
  }

  type Parsed =
    | { timing: 'draft'; body: SaveDraft }
    | { timing: 'scheduled' | 'queue'; body: CreatePost }
    | { timing: 'refused'; issues: Array<{ path: ReadonlyArray<PropertyKey>; message: string }> };

  function parsed(row: ImportRowInput): Parsed {
    if (row.timing === 'draft') {
      const draft = saveDraftSchema.safeParse(row.post);
      return draft.success ? { timing: 'draft', body: draft.data } : { timing: 'refused', issues: draft.error.issues };
    }
    const post = createPostSchema.safeParse(row.post);
    if (!post.success) return { timing: 'refused', issues: post.error.issues };
    if (row.timing === 'queue') {
      if (!post.data.queue) return { timing: 'refused', issues: [{ path: ['queue'], message: 'The row is for the queue but does not say so.' }] };
      return { timing: 'queue', body: post.data };
    }
    // A scheduled row publishes at its time, never now.
    if (!post.data.scheduledFor) return { timing: 'refused', issues: [{ path: ['scheduledFor'], message: 'The row has no time: give one, or import it as a draft (an empty time).' }] };
    return { timing: 'scheduled', body: post.data };
  }

  async function checkRow(acting: Acting, row: ImportRowInput, decided: () => Promise<'publish' | 'submit'>, reads: CheckReads): Promise<RowOutcome> {
    const read = parsed(row);
    if (read.timing === 'refused') return refused(row.line, read.issues.map((issue) => ({ column: columnOfPath(issue.path), message: issue.message })));
    if (read.timing === 'draft') return { line: row.line, outcome: 'accepted', becomes: 'drafted', postId: null, problems: [] };
    const decision = await decided();
    await posts.check(acting.user, read.body, reads);
    if (read.timing === 'queue') {
      const planned = await queue.preview(acting, { accounts: read.body.targets, sameTimeForAll: read.body.queue?.sameTimeForAll, timeZone: read.body.timeZone });
      const problems = planned.posts.flatMap((entry) => (entry.problem ? [{ column: 'time', message: entry.problem }] : []));
      if (problems.length) return refused(row.line, problems);
    }
    return { line: row.line, outcome: 'accepted', becomes: decision === 'submit' ? 'submitted' : 'scheduled', postId: null, problems: [] };
  }

  async function importRow(acting: Acting, fileId: string, row: ImportRowInput, context: Context | undefined): Promise<RowOutcome> {
    const read = parsed(row);
    if (read.timing === 'refused') return refused(row.line, read.issues.map((issue) => ({ column: columnOfPath(issue.path), message: issue.message })));
    let created = false;
    const scope = `${acting.workspace.workspaceId}#importRow`;
    const imported = await idempotency.once<ImportedRow>({ scope, key: importRowKey(fileId, row.line), input: row.rowHash }, context, async () => {
      const post =
        read.timing === 'draft' ? await drafts.create(acting.user, read.body) : read.timing === 'queue' ? await queue.add(acting, read.body) : await approvals.create(acting, read.body);
      created = true;
      return { postId: post.postId, outcome: outcomeOf(post) };
    });
    return { line: row.line, outcome: created ? imported.outcome : 'alreadyImported', becomes: null, postId: imported.postId, problems: [] };
  }

  async function settle(row: ImportRowInput, work: () => Promise<RowOutcome>): Promise<RowOutcome> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainError && error.code === 'IdempotencyKeyReused') return refused(row.line, [{ column: '', message: 'This line of this file was imported before with other content: import the changed file as a new file.' }]);
      if (error instanceof DomainError && error.code === 'IdempotentRequestInProgress') return refused(row.line, [{ column: '', message: 'This row is being imported right now by another run: check again in a moment.' }]);
      if (error instanceof DomainError) return refused(row.line, problemsOf(error));
      log?.error('An import row failed', { line: row.line, error: (error as Error).message });
      return refused(row.line, [{ column: '', message: ROW_FAILED_MESSAGE }]);
    }
  }

  return {
    /** POST /imports: a batch of rows, checked (dry run) or imported; one outcome per row, in order. */
    async run(acting: Acting, input: ImportPosts, context?: Context): Promise<ImportResult> {
      // The workspace's rule and the caller's role are read once per batch (a refusal stays each row's).
      let decision: Promise<'publish' | 'submit'> | undefined;
      const decided = () => (decision ??= approvals.decision(acting));
      // A dry run reads the plan, the accounts and each file once for the whole batch.
      const reads = posts.checkReads();
      const rows = await inOrder(input.rows, ROWS_AT_ONCE, (row) =>
        settle(row, () => (input.dryRun ? checkRow(acting, row, decided, reads) : importRow(acting, input.fileId, row, context))),
      );
      return { rows };
    },
  };
}

export type PostImportService = ReturnType<typeof createPostImport>;
