import { describe, expect, it } from 'vitest';
import { updateAvailability, type UpdateEnvironment } from '../../../../src/main/updates/update-availability';

const packaged: UpdateEnvironment = {
  isPackaged: true,
  platform: 'win32',
  env: {},
  appUpdateConfig: 'provider: generic\nurl: https://updates.naric.example/desktop\nupdaterCacheDirName: naric-backoffice-updater\n',
  packageType: null,
  trustedKeys: [{ key_id: 'naric-2026', public_key: 'MCowBQYDK2VwAyEA', comment: '' }],
};

describe('updateAvailability', () => {
  it('an installed Windows or macOS build with a feed and a trusted key looks for updates', () => {
    expect(updateAvailability(packaged)).toEqual({ enabled: true, feedUrl: 'https://updates.naric.example/desktop' });
    expect(updateAvailability({ ...packaged, platform: 'darwin' })).toMatchObject({ enabled: true });
  });

  it.each<[string, Partial<UpdateEnvironment>, string]>([
    ['a development run', { isPackaged: false }, 'unpackaged'],
    ['the portable build', { env: { PORTABLE_EXECUTABLE_DIR: 'C:\\Temp' } }, 'portable'],
    ['no app-update.yml', { appUpdateConfig: null }, 'no_feed'],
    ['a build made without NARIC_UPDATE_URL', { appUpdateConfig: 'provider: generic\nurl: ""\n' }, 'no_feed'],
    ['a feed that is no http(s) URL', { appUpdateConfig: 'provider: generic\nurl: file:///tmp/feed\n' }, 'no_feed'],
    ['an empty trusted key list', { trustedKeys: [] }, 'no_trusted_keys'],
    ['a Linux build that is neither AppImage, deb nor rpm', { platform: 'linux' }, 'unsupported_package'],
    ['a snap', { platform: 'linux', env: { SNAP: '/snap/naric', APPIMAGE: '/x' } }, 'unsupported_package'],
  ])('%s: off, %s', (_name, change, reason) => {
    expect(updateAvailability({ ...packaged, ...change })).toEqual({ enabled: false, reason });
  });

  it('Linux AppImage, deb and rpm builds look for updates', () => {
    expect(updateAvailability({ ...packaged, platform: 'linux', env: { APPIMAGE: '/opt/naric.AppImage' } })).toMatchObject({ enabled: true });
    expect(updateAvailability({ ...packaged, platform: 'linux', packageType: 'deb\n' })).toMatchObject({ enabled: true });
    expect(updateAvailability({ ...packaged, platform: 'linux', packageType: 'rpm' })).toMatchObject({ enabled: true });
    expect(updateAvailability({ ...packaged, platform: 'linux', packageType: 'pacman' })).toMatchObject({ enabled: false, reason: 'unsupported_package' });
  });
});
