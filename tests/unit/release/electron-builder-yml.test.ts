import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distPasses } from '../../../scripts/dist-config.mjs';
import type { DistPlatform } from '../../../scripts/release-env.mjs';
import { loadBuilderConfig, requireFromRoot, root, validateBuilderConfig } from './builder-config';

// electron-builder.yml checked offline (electron-builder itself needs Electron's download here):
// against electron-builder's schema, the fuses against @electron/fuses, the installers each system gets (docs/release.md).
const config = loadBuilderConfig();

/** Every signing variable set, as a complete release environment would have them. */
const RELEASE_ENV = {
  NARIC_UPDATE_URL: 'https://updates.naric.example/desktop',
  AZURE_TRUSTED_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net',
  AZURE_TRUSTED_SIGNING_ACCOUNT: 'naric-signing',
  AZURE_TRUSTED_SIGNING_CERTIFICATE_PROFILE: 'naric-public',
  APPLE_TEAM_ID: 'ABCDE12345',
};

describe('electron-builder.yml against electron-builder’s schema', () => {
  it('is a valid configuration', async () => {
    await expect(validateBuilderConfig(config)).resolves.toBeUndefined();
  });

  it('would be refused with a misspelt option (the validator is really applied)', async () => {
    await expect(validateBuilderConfig({ ...config, win: { ...config.win, publisherNmae: 'NARIC' } })).rejects.toThrow(/configuration.win /);
    await expect(validateBuilderConfig({ ...config, electronFuses: { ...config.electronFuses, runAsNodes: false } })).rejects.toThrow(/configuration.electronFuses/);
  });

  const platforms: DistPlatform[] = ['win32', 'darwin', 'linux'];
  for (const platform of platforms) {
    for (const kind of ['release', 'development'] as const) {
      it(`every ${kind} pass for ${platform} is a valid configuration`, async () => {
        for (const pass of distPasses(config, { kind, platform, env: RELEASE_ENV })) await expect(validateBuilderConfig(pass.config)).resolves.toBeUndefined();
      });
    }
  }
});

describe('Electron fuses', () => {
  const { FuseV1Options } = requireFromRoot('@electron/fuses') as { FuseV1Options: Record<string, number | string> };
  const fuseNames = Object.keys(FuseV1Options).filter((key) => Number.isNaN(Number(key)));
  /** electron-builder's option name for a fuse: RunAsNode → runAsNode. */
  const optionOf = (fuse: string) => fuse[0].toLowerCase() + fuse.slice(1);

  it('flips exactly the fuses of the security checklist', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('names only fuses @electron/fuses knows, and decides every one but the V8 snapshot choice', () => {
    const configured = Object.keys(config.electronFuses);
    for (const option of configured) expect(fuseNames.map(optionOf)).toContain(option);
    expect(fuseNames.map(optionOf).filter((option) => !configured.includes(option))).toEqual(['loadBrowserProcessSpecificV8Snapshot']);
  });
});

describe('targets per operating system', () => {
  const targets = (section: string) => [config[section].target].flat().map((target: string | { target: string; arch?: string[] }) => (typeof target === 'string' ? { target, arch: ['x64'] } : target));

  it('Windows: a per-user NSIS installer that may elevate, and a per-machine MSI in a pass of its own', () => {
    expect(targets('win')).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false, allowElevation: true });
    expect(config.msi).toMatchObject({ perMachine: true, upgradeCode: expect.stringMatching(/^[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}$/) });
    const passes = distPasses(config, { kind: 'release', platform: 'win32', env: RELEASE_ENV });
    expect(passes.map((pass) => pass.config.win.target)).toEqual([[{ target: 'nsis', arch: ['x64'] }], [{ target: 'msi', arch: ['x64'] }]]);
    // The MSI pass has no feed, so electron-builder writes no app-update.yml into it.
    expect(passes[0].config.publish).toMatchObject({ provider: 'generic' });
    expect(passes[1].config.publish).toBeNull();
  });

  it('Windows: the publisher name is fixed in the configuration and documented', () => {
    const publisherName = config.win.signtoolOptions.publisherName;
    expect(publisherName).toBe('NARIC');
    expect(config.win.verifyUpdateCodeSignature).toBe(true);
    expect(readFileSync(join(root, 'docs/release.md'), 'utf8')).toContain(`publisherName: ${publisherName}`);
  });

  it('macOS: dmg and zip for x64 and arm64, hardened runtime, entitlements allowing JIT and nothing else', () => {
    expect(targets('mac')).toEqual([
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ]);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(config.mac.notarize).toBe(true);
    for (const file of [config.mac.entitlements, config.mac.entitlementsInherit]) {
      expect(existsSync(join(root, file))).toBe(true);
      const keys = [...readFileSync(join(root, file), 'utf8').matchAll(/<key>([^<]+)<\/key>/g)].map((match) => match[1]);
      expect(keys).toEqual(['com.apple.security.cs.allow-jit']);
    }
  });

  it('Linux: AppImage, deb and rpm, the packages depending on the Secret Service client', () => {
    expect(targets('linux').map((target) => target.target)).toEqual(['AppImage', 'deb', 'rpm']);
    expect(config.deb.depends).toContain('libsecret-1-0');
    expect(config.rpm.depends).toContain('libsecret');
    // Setting depends replaces electron-builder's defaults: Electron's own libraries must stay.
    expect(config.deb.depends).toEqual(expect.arrayContaining(['libgtk-3-0', 'libnss3']));
    expect(config.rpm.depends).toEqual(expect.arrayContaining(['gtk3', 'nss']));
  });

  it('publishes to the generic feed of NARIC_UPDATE_URL, with stable and beta manifests from the version', () => {
    expect(config.publish).toEqual({ provider: 'generic', url: '${env.NARIC_UPDATE_URL}' });
    // No fixed channel: electron-builder derives it from the version (1.2.0 → latest, 1.2.0-beta.1 → beta).
    expect(config.detectUpdateChannel).toBe(true);
    expect(config.generateUpdatesFilesForAllChannels).toBe(true);
  });
});
