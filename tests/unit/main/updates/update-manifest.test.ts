import { describe, expect, it } from 'vitest';
import trustedKeysFile from '../../../../src/main/updates/trusted-update-keys.json';
import { compareVersions } from '../../../../src/main/updates/version-order';
import {
  channelOfManifestFile,
  generateSigningKey,
  parsePrivateKey,
  trustedUpdateKeys,
  verifyManifest,
  type ManifestExpectations,
} from '../../../../src/main/updates/update-manifest';
import { builderManifest, installerBytes, signedManifest, testKey } from '../../../support/update-feed';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const key = testKey('naric-test');
const installer = installerBytes(1024);
const expected: ManifestExpectations = { trustedKeys: [key.trusted], channel: 'latest', currentVersion: '1.0.0', now: NOW };
const sign = (version = '1.1.0', extra: Parameters<typeof signedManifest>[2] = { channel: 'latest', expires: new Date(NOW.getTime() + 60_000) }) =>
  signedManifest(builderManifest(version, 'naric-1.1.0-setup.exe', installer), key, extra);

describe('verifyManifest', () => {
  it('accepts what signManifest wrote and parses only the signed bytes', () => {
    const verdict = verifyManifest(sign(), expected);
    expect(verdict).toMatchObject({ ok: true, keyId: 'naric-test', manifest: { version: '1.1.0', naricChannel: 'latest' } });
  });

  it('refuses a changed byte anywhere before the signature, and a changed signature', () => {
    const signed = sign();
    const flipped = signed.replace('size: 1024', 'size: 1025');
    expect(verifyManifest(flipped, expected)).toMatchObject({ ok: false, outcome: 'refused_tampered' });
    const signatureAt = signed.lastIndexOf('.') + 1;
    const otherSignature = `${signed.slice(0, signatureAt)}${signed[signatureAt] === 'A' ? 'B' : 'A'}${signed.slice(signatureAt + 1)}`;
    expect(verifyManifest(otherSignature, expected)).toMatchObject({ ok: false, outcome: 'refused_tampered' });
  });

  it('the signature line must be the last, alone, and well formed', () => {
    const signed = sign();
    expect(verifyManifest(`${signed}\n`, expected)).toMatchObject({ outcome: 'refused_tampered' });
    expect(verifyManifest(signed.replace(/\n$/, ' \n'), expected)).toMatchObject({ outcome: 'refused_tampered' });
    expect(verifyManifest(`${signed}${signed}`, expected)).toMatchObject({ outcome: 'refused_tampered' });
    expect(verifyManifest(signed.replace(/\n$/, ''), expected)).toMatchObject({ ok: true });
    expect(verifyManifest(builderManifest('1.1.0', 'x.exe', installer), expected)).toMatchObject({ outcome: 'refused_unsigned' });
    expect(verifyManifest('', expected)).toMatchObject({ outcome: 'refused_unsigned' });
  });

  it('refuses unknown keys, expiry, downgrades and another channel; the same version passes (up to date)', () => {
    expect(verifyManifest(sign(), { ...expected, trustedKeys: [testKey('naric-test').trusted] })).toMatchObject({ outcome: 'refused_tampered' });
    expect(verifyManifest(sign(), { ...expected, trustedKeys: [] })).toMatchObject({ outcome: 'refused_unknown_key' });
    expect(verifyManifest(sign(), { ...expected, now: new Date(NOW.getTime() + 60_000) })).toMatchObject({ outcome: 'refused_expired' });
    expect(verifyManifest(sign('0.9.9'), expected)).toMatchObject({ outcome: 'refused_downgrade' });
    expect(verifyManifest(sign(), { ...expected, channel: 'latest-mac' })).toMatchObject({ outcome: 'refused_invalid' });
    expect(verifyManifest(sign('1.0.0'), expected)).toMatchObject({ ok: true });
  });

  it('signManifest refuses to sign what the app would refuse, and keeps or replaces the rollout on re-signing', () => {
    const expires = new Date(NOW.getTime() + 60_000);
    expect(() => sign('1.1', { channel: 'latest', expires })).toThrow(/refusing to sign/);
    expect(() => sign('1.1.0', { channel: 'latest', expires, stagingPercentage: 12.5 })).toThrow(/stagingPercentage/);
    const staged = sign('1.1.0', { channel: 'latest', expires, stagingPercentage: 20, killSwitch: { action: 'hold' } });
    const again = signedManifest(staged, key, { channel: 'latest', expires });
    expect(verifyManifest(again, expected)).toMatchObject({ ok: true, manifest: { stagingPercentage: 20, naricKillSwitch: { action: 'hold' } } });
    const cleared = signedManifest(staged, key, { channel: 'latest', expires, stagingPercentage: null, killSwitch: null });
    const verdict = verifyManifest(cleared, expected);
    expect(verdict.ok && 'stagingPercentage' in verdict.manifest).toBe(false);
    expect(cleared.match(/naricSignature/g)).toHaveLength(1);
  });

  it('a generated key signs what its public half verifies, from PEM or base64 DER', () => {
    const generated = generateSigningKey(NOW);
    expect(generated.keyId).toMatch(/^naric-2026-11-[0-9a-f]{8}$/);
    const der = parsePrivateKey(generated.privateKeyPem).export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const fromDer = { keyId: generated.keyId, privateKey: parsePrivateKey(der), trusted: { key_id: generated.keyId, public_key: generated.publicKey, comment: '' } };
    const signed = signedManifest(builderManifest('1.1.0', 'x.exe', installer), fromDer, { channel: 'latest', expires: new Date(NOW.getTime() + 1000) });
    expect(verifyManifest(signed, { ...expected, trustedKeys: [fromDer.trusted] })).toMatchObject({ ok: true });
    expect(() => parsePrivateKey('not a key')).toThrow();
  });
});

describe('the committed trusted key list', () => {
  it('is valid and holds public keys only', () => {
    const keys = trustedUpdateKeys.parse(trustedKeysFile);
    expect(JSON.stringify(keys)).not.toMatch(/PRIVATE/);
  });
});

describe('channelOfManifestFile', () => {
  it('names the channel file a manifest is for', () => {
    expect(channelOfManifestFile('release/1.4.0/latest-mac.yml')).toBe('latest-mac');
    expect(channelOfManifestFile('beta-linux-arm64.yml')).toBe('beta-linux-arm64');
    expect(() => channelOfManifestFile('latest.yaml')).toThrow();
  });
});

describe('compareVersions', () => {
  it('orders as semver does', () => {
    const ordered = ['0.9.9', '1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.0.1', '1.10.0', '2.0.0'];
    for (let index = 1; index < ordered.length; index++) {
      expect(compareVersions(ordered[index - 1], ordered[index]), `${ordered[index - 1]} < ${ordered[index]}`).toBe(-1);
      expect(compareVersions(ordered[index], ordered[index - 1])).toBe(1);
    }
    expect(compareVersions('1.2.3+build.7', 'v1.2.3')).toBe(0);
    expect(() => compareVersions('1.2', '1.2.0')).toThrow();
  });
});
