import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../../scripts/sign-update-manifest';
import { verifyManifest } from '../../../../src/main/updates/update-manifest';
import { builderManifest, installerBytes, testKey } from '../../../support/update-feed';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const key = testKey('naric-ci');
const env = { NARIC_UPDATE_SIGNING_KEY: key.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), NARIC_UPDATE_KEY_ID: key.keyId };
let dir: string;
let manifest: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'naric-sign-'));
  manifest = join(dir, 'latest-mac.yml');
  writeFileSync(manifest, builderManifest('1.4.0', 'naric-backoffice-1.4.0-arm64.zip', installerBytes(512)));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const verify = (now = NOW) => verifyManifest(readFileSync(manifest, 'utf8'), { trustedKeys: [key.trusted], channel: 'latest-mac', currentVersion: '1.3.0', now });

describe('scripts/sign-update-manifest', () => {
  it('signs a manifest in place with the key from the environment; the app accepts it', () => {
    expect(main([manifest, '--expires-in-days', '10', '--staging-percentage', '25'], env, NOW)).toMatch(/signed .*latest-mac\.yml with key naric-ci/);
    expect(verify()).toMatchObject({ ok: true, manifest: { version: '1.4.0', stagingPercentage: 25, naricChannel: 'latest-mac', expires: '2026-12-04T12:00:00.000Z' } });
    expect(verify(new Date('2026-12-04T12:00:00.001Z'))).toMatchObject({ ok: false, outcome: 'refused_expired' });
  });

  it('writes a kill switch, and removes it again', () => {
    main([manifest, '--kill-switch', 'manual', '--kill-switch-url', 'https://naric.example/install', '--kill-switch-message', 'Install 1.4.0 by hand'], env, NOW);
    expect(verify()).toMatchObject({ ok: true, manifest: { naricKillSwitch: { action: 'manual', url: 'https://naric.example/install', message: 'Install 1.4.0 by hand' } } });
    main([manifest, '--kill-switch', 'off'], env, NOW);
    const verdict = verify();
    expect(verdict.ok && verdict.manifest.naricKillSwitch).toBeUndefined();
  });

  it('refuses bad arguments before touching the file', () => {
    const before = readFileSync(manifest, 'utf8');
    expect(() => main([manifest, '--staging-percentage', '50.5'], env, NOW)).toThrow(/whole number from 0 to 100/);
    expect(() => main([manifest, '--kill-switch', 'manual'], env, NOW)).toThrow(/--kill-switch-url https/);
    expect(() => main([manifest], { ...env, NARIC_UPDATE_SIGNING_KEY: 'bm90IGEga2V5' }, NOW)).toThrow(/not an Ed25519 private key/);
    expect(() => main([manifest], { NARIC_UPDATE_SIGNING_KEY: env.NARIC_UPDATE_SIGNING_KEY }, NOW)).toThrow(/NARIC_UPDATE_KEY_ID is not set/);
    expect(readFileSync(manifest, 'utf8')).toBe(before);
  });

  it('--generate-key prints a private key for the secret store and a trusted-list entry', () => {
    const printed = main(['--generate-key', '--key-id', 'naric-2027'], {}, NOW);
    expect(printed).toContain('-----BEGIN PRIVATE KEY-----');
    const entry = JSON.parse(printed.slice(printed.indexOf('{'), printed.lastIndexOf('}') + 1)) as { key_id: string; public_key: string };
    expect(entry.key_id).toBe('naric-2027');
    const pem = printed.slice(printed.indexOf('-----BEGIN'), printed.indexOf('-----END PRIVATE KEY-----') + '-----END PRIVATE KEY-----'.length);
    main([manifest], { NARIC_UPDATE_SIGNING_KEY: pem, NARIC_UPDATE_KEY_ID: 'naric-2027' }, NOW);
    expect(verifyManifest(readFileSync(manifest, 'utf8'), { trustedKeys: [{ ...entry, comment: '' }], channel: 'latest-mac', currentVersion: '1.3.0', now: NOW })).toMatchObject({ ok: true });
  });

  it('run as a command without NARIC_UPDATE_SIGNING_KEY: fails clearly and leaves the file alone', async () => {
    const before = readFileSync(manifest, 'utf8');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/sign-update-manifest.ts', manifest], {
      env: { PATH: process.env.PATH ?? '' },
    });
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('NARIC_UPDATE_SIGNING_KEY is not set') });
    expect(readFileSync(manifest, 'utf8')).toBe(before);
  }, 20_000);
});
