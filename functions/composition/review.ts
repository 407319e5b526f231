import { createMediaLinks } from '../services/mediaLinks';
import { createReviewLinks, type ReviewLinks } from '../services/reviewLinks';
import { activityLog } from './activity';
import { s3Client } from './s3';
import { bucketName, clock, documentClient, tableName } from './shared';

let links: ReviewLinks | undefined;
/** Review links and the public review page (the memberships, posts and connections tables, the media bucket's read links). */
export function reviewLinks(): ReviewLinks {
  return (links ??= createReviewLinks({
    db: documentClient(),
    membershipsTable: tableName('memberships'),
    postsTable: tableName('posts'),
    connectionsTable: tableName('connections'),
    mediaLinks: createMediaLinks({ s3: s3Client(), bucket: bucketName('media'), clock }),
    activity: activityLog(),
    clock,
  }));
}
