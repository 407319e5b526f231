import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import { createKmsTokenCipher, createLocalTokenCipher } from '../../../../functions/services/tokenCipher';

const context = { userId: 'u1', connectionId: 'youtube#UC1' };

/** A KMS stand-in: a master key wraps data keys; the encryption context must match on Decrypt. */
function fakeKms() {
  const master = randomBytes(32);
  const calls: string[] = [];
  const wrap = (key: Buffer, ctx: unknown) => Buffer.from(JSON.stringify({ k: Buffer.from(key).toString('base64'), c: ctx, m: master.toString('base64') }));
  const client = {
    send: async (command: unknown) => {
      if (command instanceof GenerateDataKeyCommand) {
        calls.push('GenerateDataKey');
        const key = randomBytes(32);
        return { Plaintext: new Uint8Array(key), CiphertextBlob: new Uint8Array(wrap(key, command.input.EncryptionContext)) };
      }
      if (command instanceof DecryptCommand) {
        calls.push('Decrypt');
        const blob = JSON.parse(Buffer.from(command.input.CiphertextBlob!).toString()) as { k: string; c: unknown };
        if (JSON.stringify(blob.c) !== JSON.stringify(command.input.EncryptionContext)) throw new Error('InvalidCiphertextException');
        return { Plaintext: new Uint8Array(Buffer.from(blob.k, 'base64')) };
      }
      throw new Error('unexpected command');
    },
  } as unknown as KMSClient;
  return { client, calls };
}

describe('token encryption', () => {
  it('round-trips with the local key and never stores the plaintext', async () => {
    const cipher = createLocalTokenCipher(randomBytes(32));
    const sealed = await cipher.encrypt('{"accessToken":"secret-token"}', context);
    expect(Buffer.from(sealed, 'base64').toString()).not.toContain('secret-token');
    expect(await cipher.decrypt(sealed, context)).toBe('{"accessToken":"secret-token"}');
  });

  it('refuses to decrypt under another user\'s context (a copied blob is useless)', async () => {
    const cipher = createLocalTokenCipher(randomBytes(32));
    const sealed = await cipher.encrypt('token', context);
    await expect(cipher.decrypt(sealed, { ...context, userId: 'u2' })).rejects.toThrow();
  });

  it('uses a fresh KMS data key per value (envelope) and decrypts through KMS', async () => {
    const kms = fakeKms();
    const cipher = createKmsTokenCipher(kms.client, 'arn:aws:kms:eu-west-1:123:key/abc');
    const first = await cipher.encrypt('token-a', context);
    const second = await cipher.encrypt('token-a', context);
    expect(first).not.toBe(second);
    expect(await cipher.decrypt(first, context)).toBe('token-a');
    expect(kms.calls).toEqual(['GenerateDataKey', 'GenerateDataKey', 'Decrypt']);
    await expect(cipher.decrypt(first, { ...context, connectionId: 'x#1' })).rejects.toThrow();
  });
});
