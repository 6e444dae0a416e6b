import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { UpdateState } from '../../../../src/shared/ipc/update-contract';
import { CHECK_INTERVAL_MS, createUpdateController, FIRST_CHECK_DELAY_MS, PROGRESS_INTERVAL_MS, type PlatformUpdater } from '../../../../src/main/updates/update-controller';
import { ManualClock } from '../../../support/update-feed';

// The controller's own rules with a stand-in for electron-updater (update-feed.test.ts drives the real one).

function fakeUpdater(check: () => Promise<unknown>) {
  const emitter = new EventEmitter();
  let finishDownload: () => void = () => undefined;
  const updater = Object.assign(emitter, {
    currentVersion: { version: '1.0.0' },
    channel: null as string | null,
    allowDowngrade: false,
    autoDownload: true,
    autoInstallOnAppQuit: true,
    isUserWithinRollout: () => true,
    logger: null,
    setFeedURL: () => undefined,
    checkForUpdates: check,
    downloadUpdate: () => new Promise<string[]>((resolve) => (finishDownload = () => resolve(['/tmp/x.deb']))),
    quitAndInstall: () => undefined,
  });
  return { updater: updater as unknown as PlatformUpdater, emitter, finish: () => finishDownload() };
}

function controllerWith(updater: PlatformUpdater, clock: ManualClock, published: UpdateState[]) {
  return createUpdateController({
    updater,
    feedUrl: 'https://updates.naric.example/',
    trustedKeys: [],
    store: { read: () => ({ machine_id: 'machine-test-1' }), write: () => undefined },
    hooks: { publishState: (state) => published.push(state), askPage: () => undefined, transfersInProgress: () => 0, mayChangeChannel: () => false },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    now: clock.now,
    timers: clock,
  });
}

describe('update controller', () => {
  it('sets electron-updater up: no automatic download or install on quit, no downgrade, our channel names', () => {
    const { updater } = fakeUpdater(async () => null);
    controllerWith(updater, new ManualClock(new Date('2026-11-24T12:00:00Z')), []);
    expect(updater).toMatchObject({ autoDownload: false, autoInstallOnAppQuit: false, allowDowngrade: false, channel: 'latest' });
  });

  it('sends download progress at most four times a second, and always the end', async () => {
    const clock = new ManualClock(new Date('2026-11-24T12:00:00Z'));
    const published: UpdateState[] = [];
    const { updater, emitter, finish } = fakeUpdater(async () => ({ isUpdateAvailable: true, updateInfo: { version: '1.1.0', files: [] } }));
    const controller = controllerWith(updater, clock, published);
    await controller.check({ manual: true });
    const progress = (percent: number) => emitter.emit('download-progress', { percent, transferred: percent * 10, total: 1000, bytesPerSecond: 5000, delta: 10 });
    const sent = () => published.filter((state) => state.progress !== null).length;
    for (let percent = 1; percent <= 20; percent++) progress(percent);
    expect(sent()).toBe(1);
    clock.advance(PROGRESS_INTERVAL_MS);
    progress(50);
    expect(sent()).toBe(2);
    progress(100);
    expect(sent()).toBe(3);
    expect(published.at(-1)?.progress).toEqual({ percent: 100, transferred: 1000, total: 1000, bytes_per_second: 5000 });
    finish();
    await controller.whenIdle();
    expect(controller.state().phase).toBe('downloaded');
  });

  it('a scheduled check that fails outright is an outcome, and the schedule goes on', async () => {
    const clock = new ManualClock(new Date('2026-11-24T12:00:00Z'));
    let calls = 0;
    const { updater } = fakeUpdater(async () => {
      calls++;
      throw new TypeError('something unexpected');
    });
    const controller = controllerWith(updater, clock, []);
    controller.start();
    clock.advance(FIRST_CHECK_DELAY_MS);
    await controller.whenIdle();
    expect(controller.state().last_check).toMatchObject({ outcome: 'failed', manual: false });
    expect(clock.nextDueIn()).toBe(CHECK_INTERVAL_MS);
    clock.advance(CHECK_INTERVAL_MS);
    await controller.whenIdle();
    expect(calls).toBe(2);
    controller.stop();
    expect(clock.nextDueIn()).toBeNull();
  });
});
