import { Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledgements for resources the CDK itself creates (custom-resource providers we do not
 * write), each with the reason it is acceptable.
 */
export function acknowledgeCdkInternals(stack: Stack): void {
  const bucketDeploymentHandler = stack.node.tryFindChild('Custom::CDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C');
  if (bucketDeploymentHandler) acknowledgeBucketDeployment(bucketDeploymentHandler, bucketDeploymentFindings(stack));
}

/** cdk-nag names the asset bucket with the concrete account and region when the stack has them. */
function assetBucketPattern(stack: Stack): string {
  const account = Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account;
  const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
  return `arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${account}-${region}/*`;
}

const bucketDeploymentFindings = (stack: Stack): Array<[string, string]> => [
  ['AwsSolutions-L1', 'The CDK BucketDeployment provider pins its own runtime; it runs only during deployments.'],
  [
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'The deployment provider only writes its own CloudWatch logs with this managed policy.',
  ],
  ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map(
    (action): [string, string] => [
      `AwsSolutions-IAM5[Action::${action}]`,
      'CDK grant for copying the built site from the CDK asset bucket into the site bucket.',
    ],
  ),
  [
    `AwsSolutions-IAM5[Resource::${assetBucketPattern(stack)}]`,
    'Reads the site bundle from the CDK bootstrap asset bucket, whose object keys are content hashes.',
  ],
  ['AwsSolutions-IAM5[Resource::<WebSiteBucket1E6F6F45.Arn>/*]', 'Writes every file of the site into the site bucket.'],
  [
    'AwsSolutions-IAM5[Resource::*]',
    'CloudFront CreateInvalidation has no resource-level permissions; the provider invalidates the site after a deploy.',
  ],
];

function acknowledgeBucketDeployment(handler: IConstruct, findings: Array<[string, string]>): void {
  for (const child of [handler, ...handler.node.findAll()]) {
    for (const [id, reason] of findings) Validations.of(child).acknowledge({ id, reason });
  }
}
