import { describe, expect, it } from 'vitest';
import { expiresWithin } from '../../../../src/main/transfer/transfer-service';

const jwt = (payload: unknown) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('expiresWithin (a token is refreshed before a long transfer, not halfway)', () => {
  const now = 1_700_000_000_000;
  it('reads exp from the payload', () => {
    expect(expiresWithin(jwt({ exp: now / 1000 + 30 }), 60_000, now)).toBe(true);
    expect(expiresWithin(jwt({ exp: now / 1000 + 300 }), 60_000, now)).toBe(false);
    expect(expiresWithin(jwt({ exp: now / 1000 - 1 }), 60_000, now)).toBe(true);
  });

  it('leaves anything unreadable to the server', () => {
    expect(expiresWithin('opaque-token', 60_000, now)).toBe(false);
    expect(expiresWithin('a.not-json.b', 60_000, now)).toBe(false);
    expect(expiresWithin(jwt({ sub: 1 }), 60_000, now)).toBe(false);
  });
});
