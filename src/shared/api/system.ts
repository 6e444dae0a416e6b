import { z } from 'zod';

export const componentStatus = z.enum(['ok', 'unavailable']);

export const healthAnswer = z.object({
  status: componentStatus,
  version: z.string(),
  database: z.object({ status: componentStatus, driver: z.enum(['postgres', 'pglite']), detail: z.string().optional() }),
  storage: z.object({ status: componentStatus, backend: z.enum(['local', 's3']), detail: z.string().optional() }),
  demo: z.boolean(),
  time: z.string(),
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
