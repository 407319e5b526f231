import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';

/**
 * Encrypts platform tokens at rest. The context (user and connection) is bound into the
 * ciphertext: a blob copied to another user's row does not decrypt.
 */
export interface TokenCipher {
  encrypt(plaintext: string, context: Record<string, string>): Promise<string>;
  decrypt(ciphertext: string, context: Record<string, string>): Promise<string>;
}

interface SealedBlob {
  v: 1;
  /** The data key, encrypted by KMS (envelope) — absent for the local key. */
  key?: string;
  iv: string;
  tag: string;
  data: string;
}

function aad(context: Record<string, string>): Buffer {
  return Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => a.localeCompare(b))));
}

function seal(key: Buffer, plaintext: string, context: Record<string, string>): Omit<SealedBlob, 'v' | 'key'> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(context));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

function open(key: Buffer, blob: SealedBlob, context: Record<string, string>): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(blob.iv, 'base64'));
  decipher.setAAD(aad(context));
  decipher.setAuthTag(Buffer.from(blob.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(blob.data, 'base64')), decipher.final()]).toString('utf8');
}

function parse(ciphertext: string): SealedBlob {
  const blob = JSON.parse(Buffer.from(ciphertext, 'base64').toString('utf8')) as SealedBlob;
  if (blob.v !== 1) throw new Error('Unknown token ciphertext version');
  return blob;
}

const encode = (blob: SealedBlob) => Buffer.from(JSON.stringify(blob)).toString('base64');

/** AES-256-GCM with one local key (offline: a key file under .data/). */
export function createLocalTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('The local token key must be 32 bytes');
  return {
    encrypt: async (plaintext, context) => encode({ v: 1, ...seal(key, plaintext, context) }),
    decrypt: async (ciphertext, context) => open(key, parse(ciphertext), context),
  };
}

/**
 * KMS envelope encryption: a fresh data key per value from GenerateDataKey, AES-256-GCM on our
 * side, the encrypted data key stored beside the data. KMS sees the same encryption context.
 */
export function createKmsTokenCipher(kms: KMSClient, keyId: string): TokenCipher {
  return {
    async encrypt(plaintext, context) {
      const dataKey = await kms.send(new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context }));
      const key = Buffer.from(dataKey.Plaintext!);
      try {
        return encode({ v: 1, key: Buffer.from(dataKey.CiphertextBlob!).toString('base64'), ...seal(key, plaintext, context) });
      } finally {
        key.fill(0);
      }
    },
    async decrypt(ciphertext, context) {
      const blob = parse(ciphertext);
      if (!blob.key) throw new Error('Token ciphertext has no data key');
      const decrypted = await kms.send(
        new DecryptCommand({ CiphertextBlob: Buffer.from(blob.key, 'base64'), KeyId: keyId, EncryptionContext: context }),
      );
      const key = Buffer.from(decrypted.Plaintext!);
      try {
        return open(key, blob, context);
      } finally {
        key.fill(0);
      }
    },
  };
}
