import { describe, expect, it } from 'vitest';
import { SSMProvider } from '@aws-lambda-powertools/parameters/ssm';
import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { CREDENTIALS_MAX_AGE_SECONDS, readCredentialsParameter } from '../../../../functions/composition/platformAccess';
import { loadCredentials } from '../../../../functions/platforms/config';

/** An SSM client that answers from a map (a name not in it: ParameterNotFound), counting its calls. */
function fakeSsm(values: Record<string, string>) {
  const asked: Array<{ name: string; decrypt: boolean | undefined }> = [];
  const client = new SSMClient({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  client.send = (async (command: GetParameterCommand) => {
    const name = command.input.Name!;
    asked.push({ name, decrypt: command.input.WithDecryption });
    if (!(name in values)) throw new ParameterNotFound({ message: `Parameter ${name} not found.`, $metadata: {} });
    return { Parameter: { Name: name, Value: values[name] } };
  }) as never;
  return { provider: new SSMProvider({ awsSdkV3Client: client }), asked };
}

describe('platform credentials from Parameter Store (Powertools Parameters)', () => {
  it('reads a SecureString decrypted, keeps it for five minutes, and takes a parameter that does not exist as "not configured"', async () => {
    const { provider, asked } = fakeSsm({ '/oneclick/OneClick/platforms/x': JSON.stringify({ clientId: 'x-id', clientSecret: 'x-secret' }) });
    const env = { X_CREDENTIALS_PARAMETER: '/oneclick/OneClick/platforms/x', TIKTOK_CREDENTIALS_PARAMETER: '/oneclick/OneClick/platforms/tiktok' };
    const read = (name: string) => readCredentialsParameter(provider, name);
    expect(await loadCredentials(env, ['x', 'tiktok'], read)).toEqual({ x: { clientId: 'x-id', clientSecret: 'x-secret' } });
    await loadCredentials(env, ['x'], read);
    // The second read of x came from the cache; the missing tiktok was asked once.
    expect(asked).toEqual([
      { name: '/oneclick/OneClick/platforms/x', decrypt: true },
      { name: '/oneclick/OneClick/platforms/tiktok', decrypt: true },
    ]);
    expect(CREDENTIALS_MAX_AGE_SECONDS).toBe(300);
  });

  it('lets any other failure through (a platform is not silently switched off by a denied or failed read)', async () => {
    const client = new SSMClient({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    client.send = (async () => {
      throw Object.assign(new Error('User is not authorized to perform: ssm:GetParameter'), { name: 'AccessDeniedException' });
    }) as never;
    await expect(readCredentialsParameter(new SSMProvider({ awsSdkV3Client: client }), '/oneclick/OneClick/platforms/x')).rejects.toThrow('not authorized');
  });
});
