import { z } from 'zod';

export const componentStatus = z.enum(['ok', 'unavailable']);

/**
 * GET /api/health/. Anyone gets the status of the API and of each component; only an admin (or a
 * holder of settings.view_settings) also gets the version, the driver and backend, what is wrong,
 * demo mode and the server's time: nothing that helps an attacker pick an exploit, signed out.
 */
export const healthAnswer = z.object({
  status: componentStatus,
  version: z.string().optional(),
  database: z.object({ status: componentStatus, driver: z.enum(['postgres', 'pglite']).optional(), detail: z.string().optional() }),
  storage: z.object({ status: componentStatus, backend: z.enum(['local', 's3']).optional(), detail: z.string().optional() }),
  demo: z.boolean().optional(),
  time: z.string().optional(),
});
export type HealthAnswer = z.infer<typeof healthAnswer>;

/** Demo accounts the login screen's banner shows; empty outside demo mode. */
export const demoAccountsAnswer = z.object({
  demo: z.boolean(),
  accounts: z.array(z.object({ group: z.string(), username: z.string(), password: z.string() })),
});
export type DemoAccountsAnswer = z.infer<typeof demoAccountsAnswer>;

export const SYSTEM_PATHS = {
  health: '/health/',
  demoAccounts: '/demo/accounts/',
  docs: '/docs/',
} as const;
