// The e2e run's own servers (scripts/e2e-server.mjs), one per Playwright worker: each worker's
// specs run one after another against their server's own database. One by default: the first full
// run on two (2026-11-29) was not shown faster, and its administrator's route × role group met a
// request left unanswered in the page for minutes, which the same group alone on one server never
// did. NARIC_E2E_SERVERS=2 runs two, to measure and find that out.

/** The first server's port; the others follow it. */
export const E2E_PORT = Number(process.env.NARIC_E2E_PORT ?? 8790);

/** How many servers (and workers): NARIC_E2E_SERVERS, 1 by default. */
export const E2E_SERVERS = Math.max(1, Number(process.env.NARIC_E2E_SERVERS ?? 1));

/** The server of the worker with this parallel index (a retried worker keeps its index). */
export const e2eServerUrl = (parallelIndex = 0) => `http://127.0.0.1:${E2E_PORT + (parallelIndex % E2E_SERVERS)}`;
