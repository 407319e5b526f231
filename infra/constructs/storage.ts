import { Aws, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { bucketCors, bucketKeys, buckets, type BucketKey } from '../../shared/resources/buckets';

/** Settings every bucket of ours shares: private, TLS only, encrypted, retained. */
export const privateBucketDefaults: s3.BucketProps = {
  blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
  enforceSSL: true,
  encryption: s3.BucketEncryption.S3_MANAGED,
  objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
  removalPolicy: RemovalPolicy.RETAIN,
};

/** The bucket that receives S3 server access logs and CloudFront standard logs. */
export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      ...privateBucketDefaults,
      // CloudFront standard logging writes with ACLs, so the log bucket keeps object ACLs.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop.',
    });
  }
}

export interface MediaProps {
  readonly accessLogs: s3.IBucket;
  /** The web app's origin, the only one allowed to upload from a browser. */
  readonly siteOrigin: string;
}

/**
 * A bucket's physical name, built from the stack, account and region only (no reference to
 * the bucket), so the CSP can name the bucket's origin without a dependency cycle.
 */
export function bucketPhysicalName(scope: Construct, key: BucketKey): string {
  return `${Stack.of(scope).stackName.toLowerCase()}-${buckets[key].name}-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

/** The browser-facing (virtual-hosted) origin of a bucket, as presigned URLs use it. */
export function bucketOrigin(scope: Construct, key: BucketKey): string {
  return `https://${bucketPhysicalName(scope, key)}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;
}

/** How long a deleted or replaced media object can still be restored. */
export const NONCURRENT_VERSION_DAYS = 7;

/** The media, content and exports buckets from the shared definitions. */
export class Media extends Construct {
  readonly buckets: Record<BucketKey, s3.Bucket>;

  constructor(scope: Construct, id: string, props: MediaProps) {
    super(scope, id);
    this.buckets = {} as Record<BucketKey, s3.Bucket>;
    for (const key of bucketKeys) {
      const definition = buckets[key];
      this.buckets[key] = new s3.Bucket(this, `${key[0]!.toUpperCase()}${key.slice(1)}Bucket`, {
        ...privateBucketDefaults,
        bucketName: bucketPhysicalName(this, key),
        serverAccessLogsBucket: props.accessLogs,
        serverAccessLogsPrefix: `s3/${definition.name}/`,
        cors: definition.browserUploads
          ? [
              {
                allowedOrigins: [props.siteOrigin],
                allowedMethods: bucketCors.allowedMethods.map((method) => s3.HttpMethods[method]),
                allowedHeaders: bucketCors.allowedHeaders,
                exposedHeaders: bucketCors.exposedHeaders,
                maxAge: bucketCors.maxAgeSeconds,
              },
            ]
          : [],
        // Versioned, so an object deleted or overwritten by mistake can be restored for a week;
        // after that its old versions expire, so a deletion (by the user, or of the account) is final.
        versioned: true,
        lifecycleRules: [
          { abortIncompleteMultipartUploadAfter: Duration.days(definition.abortIncompleteMultipartUploadAfterDays) },
          { noncurrentVersionExpiration: Duration.days(NONCURRENT_VERSION_DAYS), expiredObjectDeleteMarker: true },
          // Short-lived objects (the data exports): gone after a few days whatever happens.
          ...('expireObjectsAfterDays' in definition ? [{ expiration: Duration.days(definition.expireObjectsAfterDays) }] : []),
        ],
      });
    }
  }
}
