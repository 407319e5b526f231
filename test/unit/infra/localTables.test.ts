import { describe, expect, it } from 'vitest';
import { createTableInput } from '../../../infra/local/dynamodb/dynamodb';
import { tables } from '../../../shared/resources/tables';
import { faithfulAnswer, translate } from '../../../infra/local/cognito/cognito';

describe('local tables from the shared definitions', () => {
  it('creates keys and indexes as defined, each attribute declared once', () => {
    const input = createTableInput('oneclick-posts', tables.posts);

    expect(input.KeySchema).toEqual([
      { AttributeName: 'userId', KeyType: 'HASH' },
      { AttributeName: 'postId', KeyType: 'RANGE' },
    ]);
    expect(input.GlobalSecondaryIndexes?.[0]).toMatchObject({
      IndexName: 'byList',
      KeySchema: [
        { AttributeName: 'userList', KeyType: 'HASH' },
        { AttributeName: 'listAt', KeyType: 'RANGE' },
      ],
    });
    expect(input.AttributeDefinitions?.map((attribute) => attribute.AttributeName)).toEqual([
      'userId',
      'postId',
      'userList',
      'listAt',
      'activeShard',
      'activeAt',
    ]);
  });
});

describe('the cognito-local proxy', () => {
  it('turns GetTokensFromRefreshToken into InitiateAuth REFRESH_TOKEN_AUTH', () => {
    const { target, body } = translate(
      'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken',
      Buffer.from(JSON.stringify({ ClientId: 'c1', RefreshToken: 'r1' })),
    );
    expect(target).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(JSON.parse(body.toString())).toEqual({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: 'c1', AuthParameters: { REFRESH_TOKEN: 'r1' } });
  });

  it('passes every other call through unchanged', () => {
    const original = Buffer.from('{"x":1}');
    expect(translate('AWSCognitoIdentityProviderService.SignUp', original)).toEqual({
      target: 'AWSCognitoIdentityProviderService.SignUp',
      body: original,
    });
  });
});

describe('the cognito-local proxy answers sign-in errors as Cognito does', () => {
  const invalidPassword = Buffer.from(JSON.stringify({ __type: 'InvalidPasswordException', message: 'Invalid password' }));

  it('turns a wrong password at sign-in into NotAuthorizedException', () => {
    const answer = JSON.parse(faithfulAnswer('AWSCognitoIdentityProviderService.InitiateAuth', 400, invalidPassword).toString());
    expect(answer).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('leaves a password-policy error at sign-up alone', () => {
    expect(faithfulAnswer('AWSCognitoIdentityProviderService.SignUp', 400, invalidPassword)).toBe(invalidPassword);
  });
});
