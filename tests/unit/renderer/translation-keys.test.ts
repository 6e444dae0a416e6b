import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, NAV_AREAS } from '../../../src/renderer/app/routes';
import { createI18n } from '../../../src/renderer/lib/i18n';
import { GENDERS } from '../../../src/shared/constants';
import { ERROR_CODES } from '../../../src/shared/errors';

const root = join(import.meta.dirname, '../../../src/renderer');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every literal key a screen translates, with the namespace its useTranslation() gives it. */
function literalKeys(): { file: string; key: string }[] {
  const found: { file: string; key: string }[] = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const namespace = /useTranslation\(\s*\[?\s*'([\w-]+)'/.exec(text)?.[1] ?? 'common';
    for (const match of text.matchAll(/\bt\(\s*'([\w-]+:)?([\w.]+)'/g)) {
      const [, prefix, key] = match;
      found.push({ file: relative(root, file), key: `${prefix ? prefix.slice(0, -1) : namespace}:${key}` });
    }
  }
  return found;
}

describe('translation keys used by the renderer exist in en', () => {
  const i18n = createI18n('en');
  // A plural key ("days_one", "days_other") exists when it has its forms.
  const exists = (key: string) =>
    i18n.exists(key, { lng: 'en', fallbackLng: false } as never) || i18n.exists(key, { lng: 'en', fallbackLng: false, count: 2 } as never);

  it('literal keys', () => {
    const keys = literalKeys();
    expect(keys.length).toBeGreaterThan(100);
    const missing = keys.filter(({ key }) => !exists(key)).map(({ file, key }) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });

  it('keys built from data: route titles, areas, error codes, success messages, genders', () => {
    const built = [
      ...APP_ROUTES.map((route) => `nav:${route.titleKey}`),
      ...NAV_AREAS.map((area) => `nav:areas.${area}`),
      ...Object.values(ERROR_CODES).map((code) => `errors:${code}`),
      ...['saved', 'deleted', 'updated', 'created', 'sent', 'uploaded'].map((kind) => `common:success.${kind}`),
      ...GENDERS.map((gender) => `profile:genders.${gender}`),
      ...['totp', 'email'].map((method) => `profile:twoFactor.methods.${method}`),
      ...['postgres', 'pglite'].map((driver) => `home:status.drivers.${driver}`),
      ...['local', 's3'].map((backend) => `home:status.backends.${backend}`),
    ];
    expect(built.filter((key) => !exists(key))).toEqual([]);
  });

  it('the texts the specification fixes, word for word', () => {
    expect(i18n.t('common:accessDenied.message')).toBe("You don't have permission to access that page. Administrator privileges are required.");
    expect(i18n.t('errors:permission_denied')).toBe('Access denied');
    expect(i18n.t('errors:not_found')).toBe('Page not found');
    expect(i18n.t('errors:server_error')).toBe('Internal server error');
    expect(i18n.t('errors:network_error')).toBe('Network error');
    expect(i18n.t('errors:validation_error')).toBe('Validation error');
    expect(i18n.t('errors:invalid_credentials')).toBe('Invalid credentials');
    expect(i18n.t('errors:session_expired')).toBe('Session expired');
    expect(i18n.t('auth:errors.loginFailed')).toBe('Login failed');
    expect(i18n.t('two-factor:errors.setupFailed')).toBe('Failed to setup 2FA');
    expect(i18n.t('two-factor:errors.confirmFailed')).toBe('Failed to confirm 2FA setup');
    expect(i18n.t('auth:errors.verifyFailed')).toBe('Failed to verify 2FA');
    expect(i18n.t('auth:errors.sendFailed')).toBe('Failed to send OTP');
    expect(i18n.t('profile:twoFactor.errors.statusFailed')).toBe('Failed to get 2FA status');
    expect(i18n.t('profile:twoFactor.errors.disableFailed')).toBe('Failed to disable 2FA');
    expect(i18n.t('profile:twoFactor.errors.regenerateFailed')).toBe('Failed to regenerate backup codes');
  });
});
