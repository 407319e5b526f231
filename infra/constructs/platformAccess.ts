import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { platformNames, platforms, type Platform } from '../../shared/platforms';
import { credentialsSecretEnvName } from '../../functions/platforms/config';
import type { OneClickFunction } from './function';

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/**
 * What a function needs to act on platform connections: the KMS key that encrypts tokens and
 * one secret per platform holding that platform's client id and secret (never sent to the
 * browser). A platform's publish function is granted its own platform's secret only.
 */
export class PlatformAccess extends Construct {
  readonly credentials: Record<Platform, secretsmanager.Secret>;

  constructor(
    scope: Construct,
    id: string,
    private readonly tokenKey: kms.IKey,
  ) {
    super(scope, id);
    this.credentials = {} as Record<Platform, secretsmanager.Secret>;
    for (const platform of platforms) {
      const secret = new secretsmanager.Secret(this, `${capitalized(platform)}Credentials`, {
        description: `OneClick ${platformNames[platform]} app: {"clientId":"…","clientSecret":"…"}. Left {}, ${platformNames[platform]} is shown as not configured.`,
        secretObjectValue: {},
        removalPolicy: RemovalPolicy.RETAIN,
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason: 'These are OAuth app secrets issued by each platform; they are rotated in the platforms\' developer consoles, not by a Lambda.',
      });
      this.credentials[platform] = secret;
    }
  }

  /** The token key, and the secrets of these platforms (every platform unless told fewer). */
  grantTo(fn: OneClickFunction, only: readonly Platform[] = platforms): void {
    // Exactly what envelope encryption needs: a data key to encrypt, Decrypt to read it back.
    this.tokenKey.grant(fn.function, 'kms:GenerateDataKey', 'kms:Decrypt');
    const environment: Record<string, string> = { TOKEN_KEY_ID: this.tokenKey.keyArn };
    for (const platform of only) {
      this.credentials[platform].grantRead(fn.function);
      environment[credentialsSecretEnvName(platform)] = this.credentials[platform].secretArn;
    }
    fn.addEnvironment(environment);
  }
}
