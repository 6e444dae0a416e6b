import { atom } from 'jotai';

// Pressing Send (or Retry) on the counter asks the background outbox to run at once: a person
// who just pressed Send should see "sending", not wait for the next scheduled run. Each wake
// bumps the counter; the runner (outbox-runner.tsx) runs once for every change. Only items that
// are due are sent, so an item in its retry backoff keeps waiting.
export const outboxWakeAtom = atom(0);
