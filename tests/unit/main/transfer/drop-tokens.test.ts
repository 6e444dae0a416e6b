import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIpcRouter } from '../../../../src/main/ipc-router';
import { createTransferHandlers } from '../../../../src/main/ipc-handlers-transfer';
import { createDropTokens } from '../../../../src/main/transfer/drop-tokens';
import { createTransferService } from '../../../../src/main/transfer/transfer-service';
import type { IpcHandlers } from '../../../../src/main/ipc-router';
import { recordingLog } from '../fakes';

// `transfer:drop-pdf` reads only a file the preload registered at a drop, by a one-time token:
// a path the page makes up, a made-up token, a used one and a stale one read nothing.

let dir: string;
let pdf: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'naric-drop-'));
  pdf = join(dir, 'scan.pdf');
  await writeFile(pdf, '%PDF-1.4\n% a scanned diploma\n%%EOF\n');
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

function service() {
  return createTransferService({
    serverUrl: async () => 'http://127.0.0.1:9',
    accessToken: async () => null,
    refreshAccess: async () => ({ access: 'x' }),
    emitProgress: () => {},
    log: recordingLog(),
    // The limit is not asked for here: an unreachable server answers the offline default.
    limitsTtlMs: 60_000,
  });
}

function router() {
  const handlers = createTransferHandlers(service()) as unknown as IpcHandlers;
  return createIpcRouter({ handlers, isTrustedSender: () => true, log: recordingLog() });
}

const sender = { url: 'app://naric/' };

describe('drop tokens', () => {
  it('answers the registered path once; an unknown token nothing', () => {
    let next = 0;
    const tokens = createDropTokens({ newToken: () => `t${(next += 1)}` });
    const token = tokens.issue('/home/ana/scan.pdf');
    expect(tokens.redeem('t999')).toBeNull();
    expect(tokens.redeem(token)).toBe('/home/ana/scan.pdf');
    expect(tokens.redeem(token)).toBeNull();
  });

  it('forgets a token not used in time, and the oldest beyond the limit', () => {
    let clock = 0;
    let next = 0;
    const tokens = createDropTokens({ newToken: () => `t${(next += 1)}`, now: () => clock, ttlMs: 1000, max: 2 });
    const stale = tokens.issue('/a.pdf');
    clock = 1001;
    expect(tokens.redeem(stale)).toBeNull();
    const first = tokens.issue('/b.pdf');
    tokens.issue('/c.pdf');
    tokens.issue('/d.pdf');
    expect(tokens.redeem(first)).toBeNull();
  });

  it('gives tokens that cannot be guessed', () => {
    const tokens = createDropTokens();
    const token = tokens.issue('/a.pdf');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(tokens.issue('/a.pdf')).not.toBe(token);
  });
});

describe('transfer:drop-pdf over IPC', () => {
  it('refuses an absolute path from the page, and a made-up token', async () => {
    const ipc = router();
    expect(await ipc.handle('transfer:drop-pdf', { path: pdf }, sender)).toMatchObject({ ok: false, error: { code: 'ipc_invalid_request' } });
    expect(await ipc.handle('transfer:drop-pdf', { token: pdf }, sender)).toMatchObject({ ok: false, error: { body: { reason: 'unknown_selection' } } });
    expect(await ipc.handle('transfer:drop-pdf', { token: 'made-up-token' }, sender)).toMatchObject({ ok: false, error: { body: { reason: 'unknown_selection' } } });
  });

  it('takes a registered drop once', async () => {
    const ipc = router();
    const registered = await ipc.handle('transfer:register-drop', { path: pdf }, sender);
    expect(registered).toMatchObject({ ok: true, value: { token: expect.any(String) } });
    const { token } = (registered as { value: { token: string } }).value;
    expect(await ipc.handle('transfer:drop-pdf', { token }, sender)).toMatchObject({ ok: true, value: { file_name: 'scan.pdf', size: 35 } });
    expect(await ipc.handle('transfer:drop-pdf', { token }, sender)).toMatchObject({ ok: false, error: { body: { reason: 'unknown_selection' } } });
  });
});
