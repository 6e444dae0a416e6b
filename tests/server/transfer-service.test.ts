import { afterAll, beforeAll } from 'vitest';
import { mainProcessWiringScenario, startRealTransferServer } from '../unit/main/transfer/support/real-server';
import { transferServiceScenarios } from '../unit/main/transfer/support/transfer-scenarios';

// The desktop's transfer service (src/main/transfer) against the real API server listening on a
// port, with real files on disk; then main's IPC wiring end to end (router → service → server).

let server: Awaited<ReturnType<typeof startRealTransferServer>>;
beforeAll(async () => {
  server = await startRealTransferServer();
});
afterAll(() => server?.close());

transferServiceScenarios(() => server);
mainProcessWiringScenario(() => server);
