import { describe, expect, it } from 'vitest';
import { createLog, redact } from '../../../src/main/log';

describe('main log', () => {
  it('writes JSON lines with time, level, message and detail', () => {
    const lines: string[] = [];
    const log = createLog((line) => lines.push(line), () => new Date('2026-03-02T10:00:00Z'));
    log.warn('vault: fallback', { reason: 'AccessDenied' });
    expect(JSON.parse(lines[0])).toEqual({ time: '2026-03-02T10:00:00.000Z', level: 'warn', message: 'vault: fallback', detail: { reason: 'AccessDenied' } });
  });

  it('redacts tokens, passwords and codes at any depth', () => {
    const redacted = redact({
      body: { access: 'eyJ.a', refresh: 'eyJ.r', user: { username: 'officer' } },
      request: { password: 'hunter2', secret: 'JBSWY3DP', refresh_token: 'eyJ.r' },
      headers: [{ Authorization: 'Bearer eyJ.a' }],
      error: { code: 'network_error', message: 'Network error' },
    });
    expect(JSON.stringify(redacted)).not.toMatch(/eyJ|hunter2|JBSWY3DP/);
    // Error codes are not secrets: they are what a reader of the log needs.
    expect(redacted).toMatchObject({ body: { user: { username: 'officer' } }, error: { code: 'network_error' } });
  });

  it('logs errors by name, message and code, and never throws', () => {
    const error = Object.assign(new Error('no result found'), { code: 'GenericFailure' });
    expect(redact(error)).toMatchObject({ name: 'Error', message: 'no result found', code: 'GenericFailure' });
    const log = createLog(() => {
      throw new Error('disk full');
    });
    expect(() => log.error('still fine')).not.toThrow();
  });
});
