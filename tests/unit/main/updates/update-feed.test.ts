import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DebUpdater } from 'electron-updater';
import type { UpdateHooks } from '../../../../src/main/desktop-core';
import { RESTART_QUERY_TIMEOUT_MS, type RestartQuery, type UpdateState } from '../../../../src/shared/ipc/update-contract';
import {
  CHECK_INTERVAL_MS,
  createUpdateController,
  FIRST_CHECK_DELAY_MS,
  RETRY_AFTER_UNREACHABLE_MS,
  type UpdateController,
  type UpdatePreferences,
} from '../../../../src/main/updates/update-controller';
import { isWithinRollout } from '../../../../src/main/updates/staged-rollout';
import { appendSignature, type KillSwitch, type TrustedUpdateKey } from '../../../../src/main/updates/update-manifest';
import {
  builderManifest,
  channelFile,
  installerBytes,
  ManualClock,
  sha512Base64,
  signedManifest,
  startFeed,
  testApp,
  testKey,
  testUpdater,
  type TestApp,
  type TestFeed,
  type TestKey,
} from '../../../support/update-feed';

// The whole update path in Node: a feed served by this test, a real electron-updater DebUpdater
// reading it through SignedFeedProvider, downloading and checking the installer's sha512, and
// the controller deciding, scheduling and asking before it installs. Only quitAndInstall is
// replaced (it would run dpkg).

const START = new Date('2026-11-24T12:00:00.000Z');
const DAY = 24 * 60 * 60_000;
const INSTALLER = 'naric-backoffice-1.1.0-amd64.deb';
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

const keyA = testKey('naric-2026-a');
const keyB = testKey('naric-2027-b');

let feed: TestFeed;
let app: TestApp;
let clock: ManualClock;
let updater: DebUpdater;
let quitAndInstall: ReturnType<typeof vi.fn<(isSilent?: boolean, isForceRunAfter?: boolean) => void>>;
let published: UpdateState[];
let asked: RestartQuery[];
let transfers: number;
let storeContent: unknown;
let controller: UpdateController;
const installer = installerBytes();

interface Release {
  version?: string;
  key?: TestKey;
  expiresInDays?: number;
  stagingPercentage?: number;
  killSwitch?: KillSwitch;
  channel?: 'latest' | 'beta';
  /** Bytes served for the installer when they differ from the manifest's. */
  servedInstaller?: Buffer;
}

function release(options: Release = {}): string {
  const version = options.version ?? '1.1.0';
  const channel = channelFile(options.channel ?? 'latest');
  const text = signedManifest(builderManifest(version, INSTALLER, installer), options.key ?? keyA, {
    channel,
    expires: new Date(START.getTime() + (options.expiresInDays ?? 30) * DAY),
    ...(options.stagingPercentage !== undefined ? { stagingPercentage: options.stagingPercentage } : {}),
    ...(options.killSwitch ? { killSwitch: options.killSwitch } : {}),
  });
  serve(text, options.channel ?? 'latest');
  feed.files.set(`updates/${INSTALLER}`, { body: options.servedInstaller ?? installer });
  return text;
}

function serve(manifest: string, channel: 'latest' | 'beta' = 'latest'): void {
  feed.files.set(`updates/${channelFile(channel)}.yml`, { body: manifest });
}

function start(options: { version?: string; trusted?: TrustedUpdateKey[]; machineId?: string; feedUrl?: string } = {}): UpdateController {
  app = testApp(options.version ?? '1.0.0', feed.url);
  updater = testUpdater(app);
  quitAndInstall = vi.fn<(isSilent?: boolean, isForceRunAfter?: boolean) => void>();
  updater.quitAndInstall = quitAndInstall;
  storeContent = { channel: 'stable', machine_id: options.machineId ?? 'machine-b-0002', last_check: null };
  const hooks: UpdateHooks = {
    publishState: (state) => published.push(state),
    askPage: (query) => asked.push(query),
    transfersInProgress: () => transfers,
    mayChangeChannel: () => true,
  };
  controller = createUpdateController({
    updater,
    feedUrl: options.feedUrl ?? feed.url,
    trustedKeys: options.trusted ?? [keyA.trusted],
    store: { read: () => storeContent, write: (preferences) => (storeContent = structuredClone(preferences)) },
    hooks,
    log: silentLog,
    now: clock.now,
    timers: clock,
  });
  return controller;
}

const installerRequests = () => feed.requests.filter((path) => path.endsWith('.deb')).length;
const cachedFiles = () => (existsSync(app.cacheDir) ? readdirSync(app.cacheDir, { recursive: true }).map(String) : []);

beforeEach(async () => {
  feed = await startFeed();
  clock = new ManualClock(START);
  published = [];
  asked = [];
  transfers = 0;
});

afterEach(async () => {
  controller?.stop();
  await controller?.whenIdle();
  await feed.stop();
  app?.cleanup();
});

describe('a valid signed manifest', () => {
  it('is checked after the start delay, downloaded in the background with progress, and kept verified', async () => {
    release();
    start().start();
    clock.advance(FIRST_CHECK_DELAY_MS - 1);
    expect(feed.requests).toEqual([]);
    clock.advance(1);
    await controller.whenIdle();

    const state = controller.state();
    expect(state).toMatchObject({ phase: 'downloaded', available_version: '1.1.0', last_check: { outcome: 'update_available', manual: false } });
    expect(state.progress).toEqual({ percent: 100, transferred: installer.length, total: installer.length, bytes_per_second: expect.any(Number) });
    expect(published.map((published) => published.phase)).toEqual(expect.arrayContaining(['checking', 'downloading', 'downloaded']));
    expect(published.some((published) => published.phase === 'downloading' && published.progress?.percent === 100)).toBe(true);
    expect(feed.requests[0]).toBe(`updates/${channelFile('latest')}.yml`);
    // electron-updater kept the file it checked against the signed sha512.
    const kept = cachedFiles().find((name) => name.endsWith(INSTALLER));
    expect(kept).toBeDefined();
    expect(sha512Base64(readFileSync(join(app.cacheDir, kept!)))).toBe(sha512Base64(installer));
    expect((storeContent as UpdatePreferences).last_check).toEqual({ at: START.toISOString().replace('12:00:00', '12:01:00'), outcome: 'update_available', manual: false });
    expect(quitAndInstall).not.toHaveBeenCalled();
  });

  it('installs only after the page says no work would be lost', async () => {
    release();
    start();
    await controller.check({ manual: true });
    await controller.whenIdle();
    expect(controller.state().phase).toBe('downloaded');

    const declined = controller.restart();
    expect(asked).toHaveLength(1);
    controller.answerRestart({ query_id: '00000000-0000-4000-8000-000000000000', proceed: true }); // another query's answer: ignored
    controller.answerRestart({ query_id: asked[0].query_id, proceed: false });
    await expect(declined).resolves.toEqual({ outcome: 'declined' });
    expect(quitAndInstall).not.toHaveBeenCalled();
    expect(controller.state().phase).toBe('downloaded');

    const accepted = controller.restart();
    expect(asked).toHaveLength(2);
    controller.answerRestart({ query_id: asked[1].query_id, proceed: true });
    await expect(accepted).resolves.toEqual({ outcome: 'restarting' });
    expect(quitAndInstall).toHaveBeenCalledTimes(1);
    expect(quitAndInstall).toHaveBeenCalledWith(true, true);
    expect(controller.state().phase).toBe('restarting');
  });

  it('never asks, and never installs, while a transfer runs', async () => {
    release();
    start();
    await controller.check({ manual: true });
    await controller.whenIdle();
    transfers = 1;
    await expect(controller.restart()).resolves.toEqual({ outcome: 'transfer_in_progress' });
    expect(asked).toEqual([]);

    // A transfer that starts while the page is asking also wins.
    transfers = 0;
    const restart = controller.restart();
    transfers = 1;
    controller.answerRestart({ query_id: asked[0].query_id, proceed: true });
    await expect(restart).resolves.toEqual({ outcome: 'transfer_in_progress' });
    expect(quitAndInstall).not.toHaveBeenCalled();
  });

  it('keeps the update when the page does not answer in time', async () => {
    release();
    start();
    await controller.check({ manual: true });
    await controller.whenIdle();
    const restart = controller.restart();
    clock.advance(RESTART_QUERY_TIMEOUT_MS);
    await expect(restart).resolves.toEqual({ outcome: 'declined' });
    expect(quitAndInstall).not.toHaveBeenCalled();
  });

  it('has nothing to install before a download', async () => {
    start();
    await expect(controller.restart()).resolves.toEqual({ outcome: 'nothing_to_install' });
    expect(asked).toEqual([]);
  });

  it('the same version as the one running is up to date', async () => {
    release({ version: '1.0.0' });
    start();
    await expect(controller.check({ manual: false })).resolves.toMatchObject({ phase: 'idle', last_check: { outcome: 'up_to_date' } });
    expect(installerRequests()).toBe(0);
  });
});

describe('refused before anything is downloaded', () => {
  async function refusedWith(outcome: string): Promise<void> {
    const state = await controller.check({ manual: true });
    await controller.whenIdle();
    expect(state).toMatchObject({ phase: 'idle', available_version: null, last_check: { outcome, manual: true } });
    expect(installerRequests()).toBe(0);
    expect(cachedFiles().filter((name) => name.endsWith('.deb'))).toEqual([]);
    await expect(controller.restart()).resolves.toEqual({ outcome: 'nothing_to_install' });
  }

  it('an unsigned manifest', async () => {
    release();
    serve(builderManifest('1.1.0', INSTALLER, installer));
    start();
    await refusedWith('refused_unsigned');
  });

  it('a manifest whose bytes changed after signing', async () => {
    const signed = release();
    serve(signed.replace('version: 1.1.0', 'version: 1.1.1'));
    start();
    await refusedWith('refused_tampered');
  });

  it('a manifest with a line after its signature, or a second signature', async () => {
    const signed = release();
    serve(`${signed}stagingPercentage: 100\n`);
    start();
    await refusedWith('refused_tampered');
    serve(`${signed}${signed.slice(signed.indexOf('naricSignature'))}`);
    await controller.check({ manual: true });
    expect(controller.state().last_check?.outcome).toBe('refused_tampered');
  });

  it('a manifest signed with a key this build does not trust', async () => {
    release({ key: keyB });
    start();
    await refusedWith('refused_unknown_key');
  });

  it('an expired manifest', async () => {
    release({ expiresInDays: 30 });
    start();
    clock.advance(31 * DAY);
    await refusedWith('refused_expired');
  });

  it('an older version than the one running', async () => {
    release({ version: '0.9.0' });
    start();
    await refusedWith('refused_downgrade');
  });

  it('a signed manifest with no sha512 for its installer', async () => {
    release();
    const withoutDigest = builderManifest('1.1.0', INSTALLER, installer)
      .split('\n')
      .filter((line) => !line.includes('sha512'))
      .join('\n');
    serve(appendSignature(`${withoutDigest}naricChannel: ${channelFile('latest')}\nexpires: '2026-12-24T00:00:00.000Z'\n`, keyA.privateKey, keyA.keyId));
    start();
    await refusedWith('refused_invalid');
  });

  it('a manifest signed for another channel file', async () => {
    const forBeta = signedManifest(builderManifest('1.1.0', INSTALLER, installer), keyA, { channel: channelFile('beta'), expires: new Date(START.getTime() + DAY) });
    release();
    serve(forBeta, 'latest');
    start();
    await refusedWith('refused_invalid');
  });
});

describe('key rotation', () => {
  it('accepts either key while both are trusted, and only the new one once the old is removed', async () => {
    release({ key: keyA });
    start({ trusted: [keyA.trusted, keyB.trusted] });
    await expect(controller.check({ manual: true })).resolves.toMatchObject({ last_check: { outcome: 'update_available' } });
    controller.stop();
    await controller.whenIdle();
    app.cleanup();

    release({ key: keyB });
    start({ trusted: [keyA.trusted, keyB.trusted] });
    await expect(controller.check({ manual: true })).resolves.toMatchObject({ last_check: { outcome: 'update_available' } });
    controller.stop();
    await controller.whenIdle();
    app.cleanup();

    release({ key: keyA });
    start({ trusted: [keyB.trusted] });
    await expect(controller.check({ manual: true })).resolves.toMatchObject({ last_check: { outcome: 'refused_unknown_key' } });
    release({ key: keyB });
    await expect(controller.check({ manual: true })).resolves.toMatchObject({ last_check: { outcome: 'update_available' } });
  });
});

describe('staged rollout', () => {
  const inside = 'machine-b-0002';
  const outside = 'machine-a-0001';

  it('uses fixed machine ids on either side of 50 %', () => {
    expect(isWithinRollout(inside, '1.1.0', 50)).toBe(true);
    expect(isWithinRollout(outside, '1.1.0', 50)).toBe(false);
  });

  it.each([
    [0, inside, 'not_in_rollout'],
    [0, outside, 'not_in_rollout'],
    [50, inside, 'update_available'],
    [50, outside, 'not_in_rollout'],
    [100, inside, 'update_available'],
    [100, outside, 'update_available'],
  ])('at %i percent, the computer %s gets %s on a scheduled check', async (percentage, machineId, outcome) => {
    release({ stagingPercentage: percentage });
    start({ machineId });
    const state = await controller.check({ manual: false });
    await controller.whenIdle();
    expect(state.last_check?.outcome).toBe(outcome);
    expect(installerRequests()).toBe(outcome === 'update_available' ? 1 : 0);
    if (outcome === 'not_in_rollout') expect(state).toMatchObject({ phase: 'idle', available_version: '1.1.0' });
  });

  it('a manual check bypasses the rollout, even at 0 %', async () => {
    release({ stagingPercentage: 0 });
    start({ machineId: outside });
    await controller.check({ manual: false });
    expect(controller.state().last_check?.outcome).toBe('not_in_rollout');
    await controller.check({ manual: true });
    await controller.whenIdle();
    expect(controller.state()).toMatchObject({ phase: 'downloaded', last_check: { outcome: 'update_available', manual: true } });
    // The schedule's next look at the paused rollout leaves the person's download in place.
    await controller.check({ manual: false });
    expect(controller.state()).toMatchObject({ phase: 'downloaded', last_check: { outcome: 'not_in_rollout', manual: false } });
  });

  it('a rollout paused at 0 % takes back an update downloaded on the schedule but not yet installed', async () => {
    release({ stagingPercentage: 100 });
    start();
    await controller.check({ manual: false });
    await controller.whenIdle();
    expect(controller.state().phase).toBe('downloaded');
    release({ stagingPercentage: 0 });
    await controller.check({ manual: false });
    expect(controller.state()).toMatchObject({ phase: 'idle', last_check: { outcome: 'not_in_rollout' } });
    await expect(controller.restart()).resolves.toEqual({ outcome: 'nothing_to_install' });
  });

  it('makes and keeps a machine id when the store has none', () => {
    start();
    storeContent = {};
    createUpdateController({
      updater: testUpdater(app),
      feedUrl: feed.url,
      trustedKeys: [keyA.trusted],
      store: { read: () => storeContent, write: (preferences) => (storeContent = structuredClone(preferences)) },
      hooks: { publishState: () => undefined, askPage: () => undefined, transfersInProgress: () => 0, mayChangeChannel: () => false },
      log: silentLog,
      now: clock.now,
      timers: clock,
    });
    expect((storeContent as UpdatePreferences).machine_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the kill switch', () => {
  it('hold: nothing is downloaded, for a manual check too', async () => {
    release({ killSwitch: { action: 'hold', message: 'a bad release' } });
    start();
    await expect(controller.check({ manual: true })).resolves.toMatchObject({ phase: 'idle', available_version: '1.1.0', last_check: { outcome: 'held_back' } });
    await controller.whenIdle();
    expect(installerRequests()).toBe(0);
  });

  it('manual: nothing is downloaded and the page to install from is in the state', async () => {
    release({ killSwitch: { action: 'manual', url: 'https://naric.example/install-1.1' } });
    start();
    await expect(controller.check({ manual: false })).resolves.toMatchObject({
      phase: 'idle',
      available_version: '1.1.0',
      manual_update_url: 'https://naric.example/install-1.1',
      last_check: { outcome: 'manual_update_required' },
    });
    expect(installerRequests()).toBe(0);
  });

  it('hold after a download: the downloaded update is no longer offered', async () => {
    release();
    start();
    await controller.check({ manual: true });
    await controller.whenIdle();
    expect(controller.state().phase).toBe('downloaded');
    release({ killSwitch: { action: 'hold' } });
    await controller.check({ manual: false });
    expect(controller.state()).toMatchObject({ phase: 'idle', last_check: { outcome: 'held_back' } });
    await expect(controller.restart()).resolves.toEqual({ outcome: 'nothing_to_install' });
  });
});

describe('an unreachable feed', () => {
  it('is an outcome, not a crash, and is tried again sooner', async () => {
    release();
    await feed.stop();
    start().start();
    clock.advance(FIRST_CHECK_DELAY_MS);
    await controller.whenIdle();
    expect(controller.state()).toMatchObject({ phase: 'idle', last_check: { outcome: 'feed_unreachable', manual: false } });
    expect(clock.nextDueIn()).toBe(RETRY_AFTER_UNREACHABLE_MS);

    await feed.restart();
    clock.advance(RETRY_AFTER_UNREACHABLE_MS);
    await controller.whenIdle();
    expect(controller.state()).toMatchObject({ phase: 'downloaded', last_check: { outcome: 'update_available' } });
    // Back to the usual interval once the feed answers.
    expect(clock.nextDueIn()).toBe(CHECK_INTERVAL_MS);
  });

  it('a feed that answers with an error status is unreachable too', async () => {
    feed.files.set(`updates/${channelFile('latest')}.yml`, { body: 'down for maintenance', status: 503 });
    start();
    await expect(controller.check({ manual: true })).resolves.toMatchObject({ last_check: { outcome: 'feed_unreachable' } });
  });
});

describe('the installer checked against the signed sha512', () => {
  it('served bytes that differ from the manifest: checksum_mismatch, deleted, nothing to install', async () => {
    const tampered = Buffer.from(installer);
    tampered[1000] ^= 0xff;
    release({ servedInstaller: tampered });
    start();
    await controller.check({ manual: true });
    await controller.whenIdle();
    expect(installerRequests()).toBe(1);
    expect(controller.state()).toMatchObject({ phase: 'idle', available_version: null, progress: null, last_check: { outcome: 'checksum_mismatch', manual: true } });
    expect(cachedFiles().filter((name) => name.endsWith('.deb'))).toEqual([]);
    await expect(controller.restart()).resolves.toEqual({ outcome: 'nothing_to_install' });
    expect(quitAndInstall).not.toHaveBeenCalled();
  });
});

describe('channels', () => {
  it('beta reads the beta manifests, keeps downgrades off, and is kept', async () => {
    release({ version: '1.2.0-beta.1', channel: 'beta' });
    start();
    expect(updater.allowDowngrade).toBe(false);
    const state = await controller.setChannel('beta');
    expect(updater.allowDowngrade).toBe(false);
    expect(state).toMatchObject({ channel: 'beta', last_check: { outcome: 'update_available' } });
    expect(feed.requests[0]).toBe(`updates/${channelFile('beta')}.yml`);
    expect((storeContent as UpdatePreferences).channel).toBe('beta');
    expect(controller.state().may_change_channel).toBe(true);
  });

  it('leaving beta for an older stable version is refused, never a downgrade', async () => {
    release({ version: '1.1.0' });
    start({ version: '1.2.0-beta.1' });
    await expect(controller.check({ manual: true })).resolves.toMatchObject({ last_check: { outcome: 'refused_downgrade' } });
    expect(installerRequests()).toBe(0);
  });
});
