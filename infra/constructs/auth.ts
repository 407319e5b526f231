import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { userPool as definition } from '../../shared/resources/userPool';

export interface AuthProps {
  /**
   * Also allow USER_PASSWORD_AUTH (for LocalStack runs of the integration tests, where SRP is
   * not what the tests speak). Production clients use SRP only: the password never leaves the
   * browser.
   */
  readonly allowPasswordAuth?: boolean;
}

/** Cognito user pool and the web app client. */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps = {}) {
    super(scope, id);
    const policy = definition.passwordPolicy;
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: definition.name,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: policy.minLength,
        requireLowercase: policy.requireLowercase,
        requireUppercase: policy.requireUppercase,
        requireDigits: policy.requireDigits,
        requireSymbols: policy.requireSymbols,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: definition.clientName,
      generateSecret: false,
      authFlows: { userSrp: true, userPassword: props.allowPasswordAuth ?? false },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(definition.accessTokenMinutes),
      idTokenValidity: Duration.minutes(definition.accessTokenMinutes),
      refreshTokenValidity: Duration.days(definition.refreshTokenDays),
    });
  }

  get issuerUrl(): string {
    return this.userPool.userPoolProviderUrl;
  }
}
