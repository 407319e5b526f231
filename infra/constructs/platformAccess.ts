import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { OneClickFunction } from './function';

/**
 * What a function needs to act on platform connections: the KMS key that encrypts tokens and
 * the secret holding the platforms' client ids and secrets (never sent to the browser).
 */
export class PlatformAccess extends Construct {
  readonly credentials: secretsmanager.Secret;

  constructor(
    scope: Construct,
    id: string,
    private readonly tokenKey: kms.IKey,
  ) {
    super(scope, id);
    this.credentials = new secretsmanager.Secret(this, 'PlatformCredentials', {
      description:
        'OneClick platform apps: {"youtube":{"clientId":"…","clientSecret":"…"},"tiktok":…,"instagram":…,"x":…,"linkedin":…}. ' +
        'A platform without an entry is shown as not configured.',
      secretObjectValue: {},
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.credentials).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'These are OAuth app secrets issued by each platform; they are rotated in the platforms\' developer consoles, not by a Lambda.',
    });
  }

  grantTo(fn: OneClickFunction): void {
    // Exactly what envelope encryption needs: a data key to encrypt, Decrypt to read it back.
    this.tokenKey.grant(fn.function, 'kms:GenerateDataKey', 'kms:Decrypt');
    this.credentials.grantRead(fn.function);
    fn.addEnvironment({ TOKEN_KEY_ID: this.tokenKey.keyArn, PLATFORM_CREDENTIALS_SECRET_ID: this.credentials.secretArn });
  }
}
