import { createUpdateController } from '../../src/main/updates/update-controller';
import type { UpdateState } from '../../src/shared/ipc/update-contract';
import { builderManifest, channelFile, installerBytes, signedManifest, startFeed, testApp, testKey, testUpdater } from '../support/update-feed';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { expect, installDesktopBridge, test } from './support/fixtures';
import { signInTo } from './support/session-helpers';

// Desktop updates across the bridge: main's real update controller over a real
// electron-updater (the .deb updater, in this Node process) reads a signed feed served here,
// downloads in the background while the page shows it, and restarts only after the page has
// said what is unsaved and the officer agreed. Installing is the one thing replaced: the
// updater's quitAndInstall is recorded instead of run.

test('an officer checks for updates, gets the download, and restarts only after choosing what to do with an open form', async ({ context, baseURL, desktopMain, shell }) => {
  test.skip(shell !== 'desktop', "main's updater exists only in the desktop app");
  test.setTimeout(90_000);

  const key = testKey('e2e-release-key');
  const feed = await startFeed();
  const app = testApp('0.1.0', feed.url);
  const installer = installerBytes(4 * 1024 * 1024);
  feed.files.set('updates/naric-backoffice_0.2.0_amd64.deb', { body: installer });
  const manifest = builderManifest('0.2.0', 'naric-backoffice_0.2.0_amd64.deb', installer);
  feed.files.set(`updates/${channelFile('latest')}.yml`, {
    body: signedManifest(manifest, key, { channel: channelFile('latest'), expires: new Date(Date.now() + 7 * 86_400_000) }),
  });

  const updater = testUpdater(app);
  const installs: [boolean | undefined, boolean | undefined][] = [];
  updater.quitAndInstall = (isSilent, isForceRunAfter) => void installs.push([isSilent, isForceRunAfter]);
  const published: UpdateState[] = [];
  let stored: unknown = {};
  let controller: ReturnType<typeof createUpdateController> | undefined;
  desktopMain.createUpdates = (hooks) => {
    controller = createUpdateController({
      updater,
      feedUrl: feed.url,
      trustedKeys: [key.trusted],
      store: { read: () => stored, write: (value) => void (stored = value) },
      hooks: {
        ...hooks,
        publishState: (state) => {
          published.push(state);
          hooks.publishState(state);
        },
      },
      log: { info: () => {}, warn: () => {}, error: () => {} } as never,
    });
    return controller;
  };

  try {
    const page = await context.newPage();
    await installDesktopBridge(page, baseURL!, desktopMain);
    await signInTo(page, 'officer', '/notifications');

    // The about box: this version, the stable channel, never checked; then a check by hand.
    await page.getByRole('button', { name: 'About' }).click();
    const about = page.getByRole('dialog', { name: /About/ });
    await expect(about).toContainText('0.1.0');
    await expect(about).toContainText('Not checked yet');
    await expectNoAccessibilityViolations(page);
    await about.getByRole('button', { name: 'Check for updates' }).click();
    await expect(about).toContainText('checked by hand');
    await about.getByRole('button', { name: 'Close' }).click();

    // Downloaded in the background, with progress, and verified against the signed manifest.
    await expect(page.getByText('Version 0.2.0 is ready.')).toBeVisible({ timeout: 20_000 });
    expect(published.some((state) => state.phase === 'downloading' && state.progress !== null)).toBe(true);
    expect(feed.requests).toContain('updates/naric-backoffice_0.2.0_amd64.deb');
    await expectNoAccessibilityViolations(page);

    // With a message being written, main's restart question lists the open form.
    await page.getByRole('button', { name: 'Send notification' }).click();
    const form = page.getByRole('dialog', { name: 'Send a notification' });
    await expect(form).toBeVisible();
    const restart = controller!.restart();
    const question = page.getByRole('alertdialog', { name: 'Restart to update?' });
    await expect(question).toContainText('An open form with changes that are not saved: Send a notification');
    await expectNoAccessibilityViolations(page);
    await question.getByRole('button', { name: 'Keep working' }).click();
    expect(await restart).toEqual({ outcome: 'declined' });
    expect(installs).toEqual([]);
    await expect(form).toBeVisible();

    // Once the form is closed nothing is unsaved: "Restart to update" restarts at once.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Restart to update' }).click();
    await expect(page.getByText('Restarting to install version 0.2.0…')).toBeVisible();
    expect(installs).toEqual([[true, true]]);
  } finally {
    controller?.stop();
    await feed.stop();
    app.cleanup();
  }
});
