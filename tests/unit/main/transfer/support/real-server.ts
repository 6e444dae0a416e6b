import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeBenchPdf } from '../../../../../bench/pdf-generator';
import { createDesktopCore } from '../../../../../src/main/desktop-core';
import type { Keyring } from '../../../../../src/main/vault';
import { DOCUMENT_PATHS, documentListAnswer, uploadLimitsAnswer } from '../../../../../src/shared/api/documents';
import { IPC_EVENTS } from '../../../../../src/shared/ipc/contract';
import { createServerFixture, type ServerFixture } from '../../../../support/server-fixture';
import type { TransferTestServer } from './transfer-scenarios';

// The real API server for the transfer scenarios (tests/server/transfer-service.test.ts), and
// the scenario of main's IPC wiring, which needs the real sign-in. Server project only: the
// fixture's database comes from the server project's global setup.

const DEMO_PASSWORD = 'Demo-2026!naric';

/** Every file below the storage folder (stored documents and temporary objects alike). */
async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesBelow(join(dir, entry.name)) : [join(dir, entry.name)])));
  return nested.flat();
}

/** The real API server (createServerFixture) listening on a port, seen as a transfer test server. */
export async function startRealTransferServer(): Promise<TransferTestServer & { close(): Promise<void> }> {
  const requests: string[] = [];
  const aborted: string[] = [];
  const fixture: ServerFixture = await createServerFixture();
  const line = (request: { method: string; url: string }) => `${request.method} ${request.url.split('?')[0]}`;
  fixture.app.addHook('onRequest', async (request) => void requests.push(line(request)));
  fixture.app.addHook('onRequestAbort', async (request) => void aborted.push(line(request)));
  await fixture.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = fixture.app.server.address() as AddressInfo;
  const officer = await fixture.authorization('officer');

  const list = await fixture.app.inject({ url: '/api/applications/?page_size=1', headers: officer });
  const applicationId = (list.json() as { results: { id: number }[] }).results[0].id;
  const limits = await fixture.app.inject({ url: `/api${DOCUMENT_PATHS.limits}`, headers: officer });

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    applicationId,
    limit: uploadLimitsAnswer.parse(limits.json()).max_upload_bytes,
    // Content Managers hold no applications permission: a signed-in user who may not see it.
    tokenFor: (user) => fixture.tokenFor(user === 'officer' ? 'officer' : 'content'),
    documentCount: async () => {
      const answer = await fixture.app.inject({ url: `/api${DOCUMENT_PATHS.list}?application=${applicationId}&page_size=1`, headers: officer });
      return documentListAnswer.parse(answer.json()).count;
    },
    storedFiles: () => filesBelow(fixture.config.storageDir),
    abortedRequests: () => aborted,
    requests: () => requests,
    close: () => fixture.close(),
  };
}

/** Main's IPC wiring end to end: the router, the real auth service and vault, the transfer service, the server. */
export function mainProcessWiringScenario(serverUnderTest: () => TransferTestServer): void {
  describe('main process wiring (IPC router → transfer service → server)', () => {
    it('signs in, takes a dropped path, uploads, and sends progress events, all through the router', async () => {
      const underTest = serverUnderTest();
      const secrets = new Map<string, string>();
      const keyring: Keyring = {
        get: async (account) => secrets.get(account) ?? null,
        set: async (account, secret) => void secrets.set(account, secret),
        delete: async (account) => void secrets.delete(account),
      };
      const sent: [string, unknown][] = [];
      const core = createDesktopCore({
        settingsStore: { read: () => undefined, write: () => {} },
        env: { NARIC_API_URL: underTest.origin },
        keyring,
        startEmbedded: () => Promise.reject(new Error('no embedded server here')),
        trustedOrigins: ['app://naric/'],
        version: 'test',
        os: 'test',
        openExternal: async () => {},
        sendEvent: (event, payload) => void sent.push([event, payload]),
        log: { info: () => {}, warn: () => {}, error: () => {} },
        checkResponses: true,
      });
      const call = (channel: string, arg?: unknown) => core.router.handle(channel, arg, { url: 'app://naric/applications' } as never);
      const dir = await mkdtemp(join(tmpdir(), 'naric-transfer-ipc-'));
      try {
        expect(await call('auth:login', { username: 'officer', password: DEMO_PASSWORD })).toMatchObject({ ok: true, value: { kind: 'signed_in' } });
        expect(await call('transfer:limits')).toEqual({ ok: true, value: { max_upload_bytes: underTest.limit, accepted_media_types: expect.any(Array) } });
        const path = join(dir, 'through-ipc.pdf');
        await writeBenchPdf(path, 2 * 1024 * 1024);

        const registered = (await call('transfer:register-drop', { path })) as { ok: true; value: { token: string } };
        const drop = (await call('transfer:drop-pdf', { token: registered.value.token })) as { ok: true; value: { selection: string } };
        expect(drop).toMatchObject({ ok: true, value: { file_name: 'through-ipc.pdf' } });
        const target = { type: 'application_document', application_id: underTest.applicationId, document_type: 'additional_document' };
        const upload = await call('transfer:upload', { transfer_id: 'ipc-upload-01', selection: drop.value.selection, target });
        expect(upload).toMatchObject({ ok: true, value: { outcome: 'uploaded', document: { file_name: 'through-ipc.pdf', kind: 'original' } } });
        const progress = sent.filter(([event]) => event === 'transfer:progress').map(([, payload]) => IPC_EVENTS['transfer:progress'].parse(payload));
        expect(progress.at(-1)).toMatchObject({ transfer_id: 'ipc-upload-01', loaded: (await stat(path)).size });

        // The contract refuses a malformed request before any handler runs; there are no dialogs here.
        expect(await call('transfer:upload', { transfer_id: 'x', selection: drop.value.selection, target })).toMatchObject({ ok: false, error: { code: 'ipc_invalid_request' } });
        // A drop names a file only through the token main handed out for it; a bare path is refused.
        expect(await call('transfer:drop-pdf', { path })).toMatchObject({ ok: false, error: { code: 'ipc_invalid_request' } });
        const gone = (await call('transfer:register-drop', { path: join(dir, 'missing.pdf') })) as { ok: true; value: { token: string } };
        expect(await call('transfer:drop-pdf', { token: gone.value.token })).toMatchObject({ ok: false, error: { code: 'validation_error', body: { reason: 'not_found' } } });
        expect(await call('transfer:choose-pdf')).toMatchObject({ ok: false, error: { code: 'server_error', message: 'File dialogs are not available here.' } });
        expect(await call('transfer:cancel', { transfer_id: 'not-running-01' })).toEqual({ ok: true, value: { cancelled: false } });
        // A frame that is not our renderer gets nothing.
        expect(await core.router.handle('transfer:drop-pdf', { path }, { url: 'https://evil.example/' } as never)).toMatchObject({ ok: false, error: { code: 'ipc_forbidden_sender' } });
      } finally {
        await core.stop();
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
}

