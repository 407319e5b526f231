import { createPostImport, type PostImportService } from '../services/postImport';
import { importRowIdempotency } from './idempotency';
import { approvals, draftService, postService } from './posts';
import { queueService } from './queue';
import { createLogger } from './shared';

let postImport: PostImportService | undefined;
/** CSV import: rows checked and created through the same services as POST /posts (with a time or the queue) and POST /drafts, once per row. */
export function postImportService(): PostImportService {
  return (postImport ??= createPostImport({
    approvals: approvals(),
    drafts: draftService(),
    posts: postService(),
    queue: queueService(),
    idempotency: importRowIdempotency(),
    log: createLogger('post-import'),
  }));
}
