import { seal, sealingKey, unseal } from '../../shared/sealing';

// Two-factor secrets are encrypted at rest with a key derived from the server secret, so a copy
// of the database alone does not let anyone mint codes. Stored as `v1:iv:tag:body` (base64url).

const FORMAT_VERSION = 'v1';
const KEY_INFO = 'naric/two-factor-secret/aes-256-gcm';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(serverSecret: string): SecretBox {
  if (serverSecret.length < 16) throw new Error('The server secret must be at least 16 characters long.');
  const key = sealingKey(serverSecret, 'naric-secret-box', KEY_INFO);
  return {
    seal(plain) {
      const { iv, tag, body } = seal(key, plain);
      return [FORMAT_VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(':');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== FORMAT_VERSION || !iv || !tag || body === undefined) {
        throw new Error('Unreadable sealed secret.');
      }
      return unseal(key, { iv: Buffer.from(iv, 'base64url'), tag: Buffer.from(tag, 'base64url'), body: Buffer.from(body, 'base64url') });
    },
  };
}
