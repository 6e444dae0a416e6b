import { createHash } from 'node:crypto';

// Staged rollout: a release's manifest names the whole percentage of computers that
// take it now. A computer's place is a hash of its machine id and the version, so each release
// picks a different slice of the office (the same few never always go first), and a computer's
// answer for one release never changes between checks.

/** Whether this computer is among the first `percentage` % for `version`. 0: nobody; 100: everybody. */
export function isWithinRollout(machineId: string, version: string, percentage: number | undefined): boolean {
  if (percentage === undefined) return true;
  const digest = createHash('sha256').update(`${machineId}\n${version}`).digest();
  // A place in [0, 100): below 100 always, never below 0.
  const place = (digest.readUInt32BE(0) / 0x1_0000_0000) * 100;
  return place < percentage;
}
