import { z } from 'zod';

// Messages between the desktop's main process and the embedded API server it forks (an Electron
// utility process, or a Node child process in the test harness).

/** Server → parent. */
export const serverProcessMessage = z.discriminatedUnion('type', [
  /** Listening; `url` is the origin to call, e.g. http://127.0.0.1:8000 (API under /api). */
  z.object({ type: z.literal('listening'), url: z.string() }),
  /** Could not start (bad configuration, database unreachable, port taken); the process exits. */
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type ServerProcessMessage = z.infer<typeof serverProcessMessage>;

/** Parent → server. */
export const serverControlMessage = z.object({ type: z.literal('shutdown') });
export type ServerControlMessage = z.infer<typeof serverControlMessage>;
