import { createContentService, type ContentService } from '../services/content';
import { storageLimit, storageQuota } from './memberships';
import { s3Client } from './s3';
import { bucketName, clock, documentClient, tableName } from './shared';

let service: ContentService | undefined;
/** The user's generated content (My Content): records in the content table, files in the content bucket. */
export function contentService(): ContentService {
  return (service ??= createContentService({
    db: documentClient(),
    tableName: tableName('content'),
    s3: s3Client(),
    bucket: bucketName('content'),
    clock,
    quota: storageQuota(),
    storageLimit,
  }));
}
