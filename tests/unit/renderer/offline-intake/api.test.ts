import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NaricBridge } from '../../../../src/shared/bridge';
import { appOutboxTransport, loadIntakeCatalogue, submitIntake } from '../../../../src/renderer/features/offline-intake/api';
import { createCatalogueCache } from '../../../../src/renderer/features/offline-intake/catalogue';
import { classifyFailure } from '../../../../src/renderer/features/offline-intake/outbox-failure';
import { json } from '../api-stub';
import { makeService } from '../services/service-fixtures';
import { documentOf, newDesk } from './counter-fixtures';

// The counter's server calls over the app's API client (fetch stubbed at the edge) and the
// outbox transport over a bridge double.

afterEach(() => {
  vi.unstubAllGlobals();
});

function recordRequests(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      requests.push(request.clone());
      return answer(request);
    }),
  );
  return requests;
}

const answer = {
  id: 7,
  reference: 'NARIC-2025-0007',
  status: 'submitted',
  quoted_fee: '15.00',
  documents: [],
  replayed: false,
};

describe('submitIntake', () => {
  it('posts the request with the Idempotency-Key header and reads the answer', async () => {
    const requests = recordRequests(() => json(201, answer));
    const key = crypto.randomUUID();
    const request = {
      service_type: 3,
      applicant: { first_name: 'A', last_name: 'B', personal_id: '1', email: 'a@example.com' },
      education: { institution_name: 'U' },
      documents: [],
      quoted_total: '15.00',
      taken_at: '2025-06-01T09:00:00.000Z',
    };
    await expect(submitIntake(request, key)).resolves.toEqual(answer);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
    expect(new URL(requests[0]!.url).pathname).toBe('/api/applications/intake/');
    expect(requests[0]!.headers.get('idempotency-key')).toBe(key);
    expect(await requests[0]!.json()).toEqual(request);
  });

  it('answers a refusal as a failure the outbox reads (needs attention, with the server’s words)', async () => {
    recordRequests(() => json(409, { detail: 'The fee changed since this draft was quoted.', code: 'conflict' }));
    const thrown = await submitIntake({} as never, crypto.randomUUID()).catch((error: unknown) => error);
    expect(classifyFailure(thrown)).toMatchObject({ retryable: false, status: 409, message: 'The fee changed since this draft was quoted.' });
  });
});

describe('loadIntakeCatalogue', () => {
  it('keeps the active services and answers the kept copy when the server cannot be reached', async () => {
    const db = await newDesk().open();
    const cache = createCatalogueCache(db);
    const active = makeService();
    const requests = recordRequests(() => json(200, { count: 1, next: null, previous: null, results: [active] }));
    const online = await loadIntakeCatalogue(cache, () => new Date('2025-06-01T08:00:00Z'));
    expect(online).toEqual({ services: [active], savedAt: '2025-06-01T08:00:00.000Z', fromCache: false });
    expect(new URL(requests[0]!.url).searchParams.get('enabled')).toBe('true');

    recordRequests(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadIntakeCatalogue(cache)).resolves.toEqual({ services: [active], savedAt: '2025-06-01T08:00:00.000Z', fromCache: true });
  });

  it('fails when offline with nothing kept', async () => {
    const db = await newDesk().open();
    recordRequests(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(loadIntakeCatalogue(createCatalogueCache(db))).rejects.toMatchObject({ error: { code: 'network_error' } });
  });
});

describe('appOutboxTransport', () => {
  function bridgeDouble(stage: NaricBridge['counter']['stageAttachment']) {
    const cancelled: string[] = [];
    const bridge = {
      counter: { stageAttachment: vi.fn(stage) },
      transfer: {
        cancel: vi.fn(async (transferId: string) => {
          cancelled.push(transferId);
        }),
      },
    } as unknown as NaricBridge;
    return { bridge, cancelled };
  }

  it('stages a kept file under its upload key and answers the server’s record of it', async () => {
    const document = documentOf(crypto.randomUUID(), 'a'.repeat(64));
    const staged = { upload_key: document.upload_key, file_name: document.file_name, size: document.size, sha256: document.sha256, application_id: null };
    const { bridge } = bridgeDouble(async () => ({ outcome: 'staged', upload: staged }));
    const transferId = crypto.randomUUID();
    await expect(appOutboxTransport(bridge).stage(document, transferId)).resolves.toEqual(staged);
    expect(bridge.counter.stageAttachment).toHaveBeenCalledWith({
      transfer_id: transferId,
      attachment_id: document.attachment_id,
      upload_key: document.upload_key,
      file_name: document.file_name,
    });
  });

  it('reads a cancelled upload as retryable, and cancels the transfer when the outbox gives up', async () => {
    const document = documentOf(crypto.randomUUID(), 'a'.repeat(64));
    const { bridge, cancelled } = bridgeDouble(async () => ({ outcome: 'cancelled' }));
    const thrown = await appOutboxTransport(bridge).stage(document, 'transfer-1').catch((error: unknown) => error);
    expect(classifyFailure(thrown).retryable).toBe(true);

    const controller = new AbortController();
    let finish: (() => void) | undefined;
    const waiting = bridgeDouble(
      () =>
        new Promise((resolve) => {
          finish = () => resolve({ outcome: 'cancelled' });
        }),
    );
    const pending = appOutboxTransport(waiting.bridge).stage(document, 'transfer-2', controller.signal).catch(() => undefined);
    controller.abort();
    expect(waiting.cancelled).toEqual(['transfer-2']);
    finish?.();
    await pending;
    expect(cancelled).toEqual([]);
  });
});
