// The e2e run's own servers (scripts/e2e-server.mjs), one per Playwright worker: each worker's
// specs run one after another against their server's own database, as a single worker did against
// one server before. Two workers on two servers nearly halved the step: a spec mostly waits (on
// the browser, the server, the database), so one worker left both cores idle most of the time.

/** The first server's port; the others follow it. */
export const E2E_PORT = Number(process.env.NARIC_E2E_PORT ?? 8790);

/** How many servers (and workers): 2 on the 2-core machines, NARIC_E2E_SERVERS=1 for one. */
export const E2E_SERVERS = Math.max(1, Number(process.env.NARIC_E2E_SERVERS ?? 2));

/** The server of the worker with this parallel index (a retried worker keeps its index). */
export const e2eServerUrl = (parallelIndex = 0) => `http://127.0.0.1:${E2E_PORT + (parallelIndex % E2E_SERVERS)}`;
