import { Aws, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { tableEnvName, tables, type TableDefinition, type TableKey } from '../../shared/resources/tables';
import { bucketEnvName, type BucketKey } from '../../shared/resources/buckets';
import type { HandlerGroupNeeds, TableAccess } from '../../functions/handlers/groups';
import { platforms, type Platform } from '../../shared/platforms';
import type { OneClickFunction } from './function';
import type { PlatformAccess } from './platformAccess';

/** The stateful resources a function may be given. */
export interface Resources {
  readonly tables: Record<TableKey, dynamodb.ITableV2>;
  readonly buckets: Record<BucketKey, s3.IBucket>;
  readonly platformAccess: PlatformAccess;
  /** The site's origin (OAuth redirect URIs and redirects are built from it). */
  readonly siteUrl: string;
}

/**
 * Grants a function exactly what its declaration lists and passes the names in its
 * environment: the table and bucket names, the site URL, and the platform access if needed.
 */
export function grantNeeds(
  fn: OneClickFunction,
  needs: Omit<HandlerGroupNeeds, 'entry'>,
  resources: Resources,
  /** With platformAccess: the platforms whose secrets it reads (a platform's publish function: its own only). */
  platformSecrets: readonly Platform[] = platforms,
): void {
  const environment: Record<string, string> = { ONECLICK_SITE_URL: resources.siteUrl };
  for (const [key, access] of Object.entries(needs.tables) as Array<[TableKey, TableAccess]>) {
    const table = resources.tables[key];
    if (access === 'readWrite') table.grantReadWriteData(fn.function);
    else if (access === 'put') table.grant(fn.function, 'dynamodb:PutItem');
    else table.grantReadData(fn.function);
    if (access === 'readUpdate') table.grant(fn.function, 'dynamodb:UpdateItem');
    environment[tableEnvName(key)] = table.tableName;
    const definition: TableDefinition = tables[key];
    if (definition.globalIndexes?.length) {
      const logicalId = Stack.of(table).getLogicalId(table.node.defaultChild as CfnElement);
      Validations.of(fn.function).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/index/*]`,
        reason: `Queries the ${definition.name} table's own indexes (${definition.globalIndexes.map((index) => index.indexName).join(', ')}); the wildcard covers only that table's indexes.`,
      });
    }
  }
  for (const [key, access] of Object.entries(needs.buckets) as Array<[BucketKey, 'read' | 'readWrite']>) {
    const bucket = resources.buckets[key];
    // Exact object actions (no s3:GetObject* / s3:List* wildcards); HeadObject is covered by GetObject.
    fn.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: access === 'read' ? ['s3:GetObject'] : ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
        resources: [bucket.arnForObjects('*')],
      }),
    );
    const logicalId = Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnElement);
    Validations.of(fn.function).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/*]`,
      reason: `Objects of every user live in the ${key} bucket under their own prefix; the function checks the prefix against the verified user before any access.`,
    });
    environment[bucketEnvName(key)] = bucket.bucketName;
    if (needs.listsUserObjects) {
      // Listing a user's prefix (export, account deletion); the function asks only for `<userId>/`.
      fn.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    }
  }
  fn.addEnvironment(environment);
  if (needs.platformAccess) resources.platformAccess.grantTo(fn, platformSecrets);
}

/**
 * Lets a function send mail through SES from the operator's verified sender (ONECLICK_MAIL_FROM):
 * invitations and approval requests.
 */
export function grantMail(fn: OneClickFunction, mailFrom: string): void {
  fn.function.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [`arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/*`],
    }),
  );
  Validations.of(fn.function).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*]',
    reason: 'SES authorizes SendEmail on the sender identity and on each recipient address; invitations go to any address a workspace admin types.',
  });
  fn.addEnvironment({ ONECLICK_MAIL_FROM: mailFrom });
}
