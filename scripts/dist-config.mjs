// electron-builder.yml turned into the configuration of each electron-builder run of `npm run
// dist` (release) or `npm run dist:dev` (development). Pure: scripts/dist.mjs runs the passes,
// tests/unit/release/dist-config.test.ts checks them against electron-builder's schema.
import { CONFIG_KEY } from './release-env.mjs';

export const BUILD_KINDS = ['release', 'development'];

/** Every option naming an artefact: a development build adds "-dev" before the extension. */
const ARTIFACT_NAME_SECTIONS = ['nsis', 'msi', 'mac', 'dmg', 'appImage', 'deb', 'rpm'];

/** Signing and notarisation credentials a development build must not pick up from the shell. */
export const SIGNING_VARIABLES = [
  'CSC_LINK',
  'CSC_KEY_PASSWORD',
  'CSC_NAME',
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_API_KEY',
  'APPLE_API_KEY_ID',
  'APPLE_API_ISSUER',
  'APPLE_KEYCHAIN',
  'APPLE_KEYCHAIN_PROFILE',
];

const clone = (value) => structuredClone(value);

/**
 * The electron-builder runs for one build: `[{ name, config }]`. Windows is two runs: NSIS with
 * the update feed, then the per-machine MSI without it (an MSI install is updated by the office's
 * software distribution, so it must carry no app-update.yml, which electron-builder writes into
 * the shared unpacked app whenever an NSIS target is in the same run).
 */
export function distPasses(base, { kind, platform, env }) {
  if (!BUILD_KINDS.includes(kind)) throw new Error(`Unknown build kind "${kind}" (release or development)`);
  const config = kind === 'release' ? releaseConfig(base, platform, env) : developmentConfig(base);
  if (platform !== 'win32') return [{ name: CONFIG_KEY[platform], config }];
  const nsis = clone(config);
  nsis.win.target = [{ target: 'nsis', arch: archsOf(base.win.target, 'nsis') }];
  const msi = clone(config);
  msi.win.target = [{ target: 'msi', arch: ['x64'] }];
  msi.publish = null;
  return [
    { name: 'win-nsis', config: nsis },
    { name: 'win-msi', config: msi },
  ];
}

function archsOf(targets, name) {
  const entry = [targets].flat().find((target) => (typeof target === 'string' ? target : target.target) === name);
  return typeof entry === 'object' && entry.arch ? [entry.arch].flat() : ['x64'];
}

/** Signed, notarised, refusing to finish unsigned; the identity pinned to the organisation's. */
function releaseConfig(base, platform, env) {
  const config = clone(base);
  config.extraMetadata = { ...config.extraMetadata, naricBuildKind: 'release' };
  if (platform === 'win32') {
    config.win.forceCodeSigning = true;
    if (env.AZURE_TRUSTED_SIGNING_ENDPOINT) {
      // Azure Trusted Signing and signtool options are exclusive; the fixed publisher name moves.
      const { publisherName } = config.win.signtoolOptions;
      delete config.win.signtoolOptions;
      config.win.azureSignOptions = {
        publisherName: [publisherName].flat()[0],
        endpoint: env.AZURE_TRUSTED_SIGNING_ENDPOINT,
        codeSigningAccountName: env.AZURE_TRUSTED_SIGNING_ACCOUNT,
        certificateProfileName: env.AZURE_TRUSTED_SIGNING_CERTIFICATE_PROFILE,
      };
    }
  }
  if (platform === 'darwin') {
    config.mac.forceCodeSigning = true;
    // electron-builder picks the first identity whose name contains this: a certificate of
    // another team (in the keychain or CSC_LINK) is never used.
    config.mac.identity = env.CSC_NAME ? env.CSC_NAME.trim() : `(${env.APPLE_TEAM_ID.trim()})`;
    config.mac.notarize = true;
  }
  return config;
}

/**
 * Unsigned and unmistakable: "-dev" in every file name, its own output folder, the package.json
 * marked `naricBuildKind: development`, and no update feed (no app-update.yml, no latest*.yml),
 * so it never updates itself nor ends up in the feed.
 */
function developmentConfig(base) {
  const config = clone(base);
  config.extraMetadata = { ...config.extraMetadata, naricBuildKind: 'development' };
  config.directories = { ...config.directories, output: `${config.directories?.output ?? 'dist'}-dev` };
  for (const section of ARTIFACT_NAME_SECTIONS) {
    const name = config[section]?.artifactName;
    if (name) config[section].artifactName = name.replace(/\.\$\{ext\}$/, '-dev.${ext}');
  }
  config.publish = null;
  config.forceCodeSigning = false;
  if (config.win) config.win.forceCodeSigning = false;
  if (config.mac) {
    config.mac.forceCodeSigning = false;
    // null: electron-builder skips signing outright instead of looking for an identity.
    config.mac.identity = null;
    config.mac.notarize = false;
  }
  return config;
}

/** The environment electron-builder runs in for a development build: no credentials at all. */
export function developmentEnv(env) {
  const result = { ...env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' };
  for (const name of SIGNING_VARIABLES) delete result[name];
  return result;
}
