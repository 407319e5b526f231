import { Arn, ArnFormat, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { platforms, type Platform } from '../../shared/platforms';
import { credentialsParameterEnvName } from '../../functions/platforms/config';
import type { OneClickFunction } from './function';

/** Where a stack's platform credentials live in Parameter Store: one SecureString per platform under it. */
export function credentialsParameterPath(stackName: string): string {
  return `/oneclick/${stackName}/platforms`;
}

/**
 * What a function needs to act on platform connections: the KMS key that encrypts tokens and
 * one SecureString parameter per platform holding that platform's client id and secret (never
 * sent to the browser), encrypted with the AWS-managed aws/ssm key. CloudFormation cannot create
 * a SecureString, so the stack creates none: the operator puts each value with one command
 * (docs/operations.md), and a parameter that does not exist is a platform not configured. The
 * stack grants ssm:GetParameter on each exact parameter ARN; a platform's publish function is
 * granted its own platform's parameter only.
 */
export class PlatformAccess extends Construct {
  /** Each platform's parameter name. */
  readonly parameterNames: Record<Platform, string>;

  constructor(
    scope: Construct,
    id: string,
    private readonly tokenKey: kms.IKey,
  ) {
    super(scope, id);
    const path = credentialsParameterPath(Stack.of(this).stackName);
    this.parameterNames = Object.fromEntries(platforms.map((platform) => [platform, `${path}/${platform}`])) as Record<Platform, string>;
  }

  /** The ARN of a platform's parameter (its name starts with a slash, which the ARN does not repeat). */
  parameterArn(platform: Platform): string {
    return Arn.format({ service: 'ssm', resource: 'parameter', resourceName: this.parameterNames[platform].slice(1), arnFormat: ArnFormat.SLASH_RESOURCE_NAME }, Stack.of(this));
  }

  /** The token key, and the parameters of these platforms (every platform unless told fewer). */
  grantTo(fn: OneClickFunction, only: readonly Platform[] = platforms): void {
    // Exactly what envelope encryption needs: a data key to encrypt, Decrypt to read it back.
    this.tokenKey.grant(fn.function, 'kms:GenerateDataKey', 'kms:Decrypt');
    const environment: Record<string, string> = { TOKEN_KEY_ID: this.tokenKey.keyArn };
    if (only.length > 0) {
      // aws/ssm's key policy lets the account's principals decrypt through Parameter Store, so
      // reading a value needs only GetParameter on it: no other function is granted any.
      fn.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['ssm:GetParameter'], resources: only.map((platform) => this.parameterArn(platform)) }));
    }
    for (const platform of only) environment[credentialsParameterEnvName(platform)] = this.parameterNames[platform];
    fn.addEnvironment(environment);
  }
}
