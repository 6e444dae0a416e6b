import { describe, expect, it } from 'vitest';
import { IPC_EVENTS } from '../../../../src/shared/ipc/contract';
import type { TransferProgress } from '../../../../src/shared/ipc/transfer-contract';
import { createProgressReporter } from '../../../../src/shared/transfer-rules';

function reporter() {
  let now = 0;
  const events: TransferProgress[] = [];
  const progress = createProgressReporter({ transferId: 'transfer-0001', direction: 'download', emit: (event) => events.push(event), now: () => now });
  return { progress, events, advance: (ms: number) => (now += ms) };
}

describe('progress reporter', () => {
  it('sends at most one event per 100 ms, and the last figure on flush', () => {
    const { progress, events, advance } = reporter();
    progress.update(0, 1000);
    for (let loaded = 10; loaded <= 1000; loaded += 10) {
      advance(5);
      progress.update(loaded, 1000);
    }
    progress.flush();
    // 100 updates over 500 ms: the first, one per 100 ms, and the final one.
    expect(events.map((event) => event.loaded)).toEqual([0, 200, 400, 600, 800, 1000]);
    for (const event of events) expect(IPC_EVENTS['transfer:progress'].parse(event)).toEqual(event);
  });

  it('never goes back: a restarted download holds until it passes where it was', () => {
    const { progress, events, advance } = reporter();
    progress.update(0, 1000);
    advance(100);
    progress.update(600, 1000);
    advance(100);
    progress.update(0, 1000);
    advance(100);
    progress.update(300, 1000);
    advance(100);
    progress.update(700, 1000);
    advance(100);
    progress.update(1000, 1000);
    progress.flush();
    expect(events.map((event) => event.loaded)).toEqual([0, 600, 700, 1000]);
  });

  it('reports a total learned later', () => {
    const { progress, events, advance } = reporter();
    progress.update(0, null);
    advance(100);
    progress.update(0, 2048);
    expect(events.map((event) => event.total)).toEqual([null, 2048]);
  });
});
