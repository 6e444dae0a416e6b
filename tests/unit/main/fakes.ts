import type { MainLog } from '../../../src/main/log';

export interface RecordedLog extends MainLog {
  entries: { level: 'info' | 'warn' | 'error'; message: string; detail?: unknown }[];
}

export function recordingLog(): RecordedLog {
  const entries: RecordedLog['entries'] = [];
  return {
    entries,
    info: (message, detail) => entries.push({ level: 'info', message, detail }),
    warn: (message, detail) => entries.push({ level: 'warn', message, detail }),
    error: (message, detail) => entries.push({ level: 'error', message, detail }),
  };
}
