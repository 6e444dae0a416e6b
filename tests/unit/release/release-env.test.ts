import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { developmentEnv, distPasses } from '../../../scripts/dist-config.mjs';
import { checkNativePackages, checkReleaseEnvironment, countTrustedKeys, describeProblems, missingNames } from '../../../scripts/release-env.mjs';
import { loadBuilderConfig, root } from './builder-config';

// The release check of `npm run dist`: every missing variable listed with its purpose before
// anything is built; `npm run dist:dev` needs none of them.
const ONE_KEY = JSON.stringify([{ key_id: 'naric-2026', public_key: 'MCowBQYDK2VwAyEA0000000000000000000000000000000000000000000=' }]);
const FEED = { NARIC_UPDATE_URL: 'https://updates.naric.example/desktop' };
const check = (platform: 'win32' | 'darwin' | 'linux', env: Record<string, string>, trustedKeysText: string | null = ONE_KEY) => checkReleaseEnvironment({ platform, env, trustedKeysText });

describe('the release environment check', () => {
  it('Windows with nothing set: the feed, the keys and both ways of signing, every variable named', () => {
    const problems = check('win32', {}, '[]');
    expect(missingNames(problems)).toEqual([
      'NARIC_UPDATE_URL',
      'WIN_CSC_LINK (or CSC_LINK)',
      'WIN_CSC_KEY_PASSWORD (or CSC_KEY_PASSWORD)',
      'AZURE_TRUSTED_SIGNING_ENDPOINT',
      'AZURE_TRUSTED_SIGNING_ACCOUNT',
      'AZURE_TRUSTED_SIGNING_CERTIFICATE_PROFILE',
      'AZURE_TENANT_ID',
      'AZURE_CLIENT_ID',
      'AZURE_CLIENT_SECRET (or AZURE_CLIENT_CERTIFICATE_PATH)',
    ]);
    const message = describeProblems(problems, 'win32');
    for (const name of missingNames(problems)) expect(message).toContain(name);
    expect(message).toContain('trusted-update-keys.json is empty');
    expect(message).toContain("the certificate's password");
    expect(message).toContain('nothing was built');
  });

  it('Windows with Azure partly set: only the missing Azure variables', () => {
    const problems = check('win32', { ...FEED, AZURE_TRUSTED_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net', AZURE_TRUSTED_SIGNING_ACCOUNT: 'naric', AZURE_TENANT_ID: 't' });
    expect(missingNames(problems)).toEqual(['AZURE_TRUSTED_SIGNING_CERTIFICATE_PROFILE', 'AZURE_CLIENT_ID', 'AZURE_CLIENT_SECRET (or AZURE_CLIENT_CERTIFICATE_PATH)']);
  });

  it('Windows with a certificate file (either variable name) and its password: ready', () => {
    expect(check('win32', { ...FEED, CSC_LINK: 'C:/certs/naric.pfx', WIN_CSC_KEY_PASSWORD: 'pw' })).toEqual([]);
    expect(missingNames(check('win32', { ...FEED, WIN_CSC_LINK: 'C:/certs/naric.pfx' }))).toEqual(['WIN_CSC_KEY_PASSWORD (or CSC_KEY_PASSWORD)']);
  });

  it('macOS with nothing set: certificate, Team ID and notarisation, every variable named', () => {
    expect(missingNames(check('darwin', FEED))).toEqual([
      'CSC_LINK',
      'CSC_KEY_PASSWORD',
      'CSC_NAME',
      'APPLE_TEAM_ID',
      'APPLE_API_KEY',
      'APPLE_API_KEY_ID',
      'APPLE_API_ISSUER',
      'APPLE_ID',
      'APPLE_APP_SPECIFIC_PASSWORD',
    ]);
  });

  it('macOS: ready with a certificate, the Team ID and an API key; a keychain identity of another team is refused', () => {
    const ready = { ...FEED, CSC_LINK: '/secrets/id.p12', CSC_KEY_PASSWORD: 'pw', APPLE_TEAM_ID: 'ABCDE12345', APPLE_API_KEY: '/secrets/key.p8', APPLE_API_KEY_ID: 'K', APPLE_API_ISSUER: 'I' };
    expect(check('darwin', ready)).toEqual([]);
    const otherTeam = check('darwin', { ...FEED, CSC_NAME: 'Someone Else (ZZZZZ99999)', APPLE_TEAM_ID: 'ABCDE12345', APPLE_ID: 'a@b.c', APPLE_APP_SPECIFIC_PASSWORD: 'x' });
    expect(otherTeam).toEqual([{ what: 'macOS signing certificate', invalid: expect.stringContaining('not an identity of team ABCDE12345') }]);
    expect(check('darwin', { ...ready, APPLE_TEAM_ID: 'abc' })).toEqual([{ what: 'Apple Team ID', invalid: expect.stringContaining('10 capital letters') }]);
  });

  it('Linux needs no signing variable, but an https feed and a trusted key', () => {
    expect(check('linux', FEED)).toEqual([]);
    expect(check('linux', { NARIC_UPDATE_URL: 'http://updates.naric.example' })).toEqual([{ what: 'Update feed', invalid: expect.stringContaining('https://') }]);
    expect(check('linux', FEED, null)).toEqual([{ what: 'Trusted update keys', invalid: expect.stringContaining('is missing') }]);
  });

  it('counts only keys with a public key', () => {
    expect(countTrustedKeys(ONE_KEY)).toEqual({ count: 1, reason: null });
    expect(countTrustedKeys('[{"key_id":"a","public_key":" "}]')).toEqual({ count: 0, reason: 'empty' });
    expect(countTrustedKeys('{"keys":[]}').reason).toBe('not a list of keys');
    expect(countTrustedKeys('{').reason).toBe('not valid JSON');
  });

  it('lists the native binaries missing for an architecture, with the install line', () => {
    const versions = {
      '@node-rs/argon2-darwin-x64': '2.2.1',
      '@napi-rs/keyring-darwin-x64': '2.1.2',
      '@img/sharp-darwin-x64': '0.35.5',
      '@img/sharp-libvips-darwin-x64': '1.3.4',
    };
    const problems = checkNativePackages({ platform: 'darwin', archs: ['x64', 'arm64'], installed: (name) => name.endsWith('arm64'), versions });
    expect(problems).toHaveLength(1);
    expect(problems[0].invalid).toContain(
      'npm install --no-save --force @node-rs/argon2-darwin-x64@2.2.1 @napi-rs/keyring-darwin-x64@2.1.2 @img/sharp-darwin-x64@0.35.5 @img/sharp-libvips-darwin-x64@1.3.4',
    );
  });
});

describe('release and development builds', () => {
  const base = loadBuilderConfig();

  it('a development build is unsigned, has no feed and is marked in every file name and in package.json', () => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      for (const { config } of distPasses(base, { kind: 'development', platform, env: {} })) {
        expect(config.extraMetadata.naricBuildKind).toBe('development');
        expect(config.publish).toBeNull();
        expect(config.directories.output).toBe('release/${version}-dev');
        for (const section of ['nsis', 'msi', 'mac', 'dmg', 'appImage', 'deb', 'rpm']) expect(config[section].artifactName).toMatch(/-dev\.\$\{ext\}$/);
        expect(config.mac).toMatchObject({ identity: null, notarize: false, forceCodeSigning: false });
      }
    }
    const env = developmentEnv({ PATH: '/usr/bin', CSC_LINK: 'x', WIN_CSC_LINK: 'y', APPLE_ID: 'z', APPLE_API_KEY: 'k' });
    expect(env).toEqual({ PATH: '/usr/bin', CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
  });

  it('a release forces signing; Azure takes the fixed publisher name; macOS is pinned to the Team ID', () => {
    const env = { ...FEED, AZURE_TRUSTED_SIGNING_ENDPOINT: 'https://weu.codesigning.azure.net', AZURE_TRUSTED_SIGNING_ACCOUNT: 'naric', AZURE_TRUSTED_SIGNING_CERTIFICATE_PROFILE: 'public', APPLE_TEAM_ID: 'ABCDE12345' };
    const [nsis] = distPasses(base, { kind: 'release', platform: 'win32', env });
    expect(nsis.config.win.forceCodeSigning).toBe(true);
    expect(nsis.config.win.signtoolOptions).toBeUndefined();
    expect(nsis.config.win.azureSignOptions).toEqual({ publisherName: base.win.signtoolOptions.publisherName, endpoint: env.AZURE_TRUSTED_SIGNING_ENDPOINT, codeSigningAccountName: 'naric', certificateProfileName: 'public' });
    const [withFile] = distPasses(base, { kind: 'release', platform: 'win32', env: { ...FEED, WIN_CSC_LINK: 'C:/naric.pfx' } });
    expect(withFile.config.win.signtoolOptions).toEqual({ publisherName: 'NARIC' });
    expect(withFile.config.win.azureSignOptions).toBeUndefined();
    const [mac] = distPasses(base, { kind: 'release', platform: 'darwin', env });
    expect(mac.config.mac).toMatchObject({ identity: '(ABCDE12345)', notarize: true, forceCodeSigning: true });
    expect(mac.config.extraMetadata.naricBuildKind).toBe('release');
  });
});

describe('scripts/dist.mjs --check', () => {
  const run = (args: string[], env: Record<string, string>) => spawnSync(process.execPath, [join(root, 'scripts/dist.mjs'), ...args], { cwd: root, env, encoding: 'utf8', timeout: 30_000 });

  it('a release with no variables fails before building, listing what is missing', () => {
    const result = run(['--check'], {});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('nothing was built');
    expect(result.stderr).toContain('NARIC_UPDATE_URL');
  });

  it('a development build needs none of them', () => {
    const result = run(['--dev', '--check'], {});
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Ready for a development build');
  });
});
