import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Two-factor secrets are encrypted at rest with a key derived from the server secret, so a copy
// of the database alone does not let anyone mint codes.

const FORMAT_VERSION = 'v1';
const KEY_INFO = 'naric/two-factor-secret/aes-256-gcm';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(serverSecret: string): SecretBox {
  if (serverSecret.length < 16) throw new Error('The server secret must be at least 16 characters long.');
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'naric-secret-box', KEY_INFO, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [FORMAT_VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== FORMAT_VERSION || !iv || !tag || body === undefined) {
        throw new Error('Unreadable sealed secret.');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
