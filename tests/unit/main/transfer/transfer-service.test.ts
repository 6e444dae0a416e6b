import { afterAll, beforeAll } from 'vitest';
import { startContractServer } from './support/contract-server';
import { transferServiceScenarios, type TransferTestServer } from './support/transfer-scenarios';

// THROW-AWAY until the documents endpoints exist in src/server: the scenarios against a stand-in
// that follows the committed contract. tests/server/transfer-service.test.ts runs the very same
// scenarios against the real server; this file and the stand-in go once that server lands.

let server: Awaited<ReturnType<typeof startContractServer>>;
beforeAll(async () => {
  server = await startContractServer();
});
afterAll(() => server?.close());

transferServiceScenarios((): TransferTestServer => server);
