/**
 * Stream keys at rest: AES-256-GCM with a key from `STUDIO_SECRETS_KEY` (64 hex characters; every
 * backend sharing a database needs the same one) or, without it, a key generated into
 * `<dataDir>/stream-keys.key` (mode 0600). A database dump alone gives no key away. A page only
 * ever sees a key's last KEY_SHOWN_CHARS characters.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { keyFile } from '../serverKey';
import { KEY_SHOWN_CHARS } from './rules';

export const STREAM_KEYS_FILE = 'stream-keys.key';
const IV_BYTES = 12;

/** The encryption key: the environment's, else the data folder's file. */
export function streamKeysSecret(dataDir: string, env = process.env.STUDIO_SECRETS_KEY): Buffer {
  if (env) {
    const key = Buffer.from(env.trim(), 'hex');
    if (key.length !== 32) throw new Error('STUDIO_SECRETS_KEY must be 64 hexadecimal characters (32 bytes)');
    return key;
  }
  return keyFile(dataDir, STREAM_KEYS_FILE);
}

export function sealKey(secret: Buffer, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The key in clear; throws when the text was sealed with another secret or changed. */
export function openKey(secret: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) throw new Error('not a sealed stream key');
  const decipher = createDecipheriv('aes-256-gcm', secret, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

/** What a page may see of a key. */
export const keyTail = (key: string): string => key.slice(-KEY_SHOWN_CHARS);
