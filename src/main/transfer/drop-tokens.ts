import { randomBytes } from 'node:crypto';

// Paths of dropped files, exchanged for one-time tokens. Only the preload can read a dropped
// File's path (webUtils.getPathForFile); it registers the path here at the drop and the page's
// `transfer:drop-pdf` names the token, never a path. So `drop-pdf` reads only a file that was
// registered for a drop moments ago, once: a made-up, used or stale token reads nothing.

export interface DropTokensOptions {
  /** An unguessable token (32 random bytes by default). */
  newToken?: () => string;
  now?: () => number;
  /** A token not redeemed within this long is forgotten: a drop is checked at once. */
  ttlMs?: number;
  /** Tokens kept at most; the oldest go first. */
  max?: number;
}

export interface DropTokens {
  /** Registers a dropped file's path; answers the token that stands for it. */
  issue(path: string): string;
  /** The path behind a token, once; null for a token that is unknown, used or stale. */
  redeem(token: string): string | null;
}

const TTL_MS = 60_000;
const MAX_TOKENS = 50;

export function createDropTokens(options: DropTokensOptions = {}): DropTokens {
  const newToken = options.newToken ?? (() => randomBytes(32).toString('base64url'));
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? TTL_MS;
  const max = options.max ?? MAX_TOKENS;
  const paths = new Map<string, { path: string; at: number }>();

  return {
    issue(path) {
      const token = newToken();
      paths.set(token, { path, at: now() });
      for (const key of paths.keys()) {
        if (paths.size <= max) break;
        paths.delete(key);
      }
      return token;
    },
    redeem(token) {
      const entry = paths.get(token);
      if (!entry) return null;
      paths.delete(token);
      return now() - entry.at > ttlMs ? null : entry.path;
    },
  };
}
