// What a release build needs before anything is built: the signing variables of the
// operating system it builds for, the update feed's address, a non-empty list of trusted update
// keys, and the native modules' binaries for every architecture in electron-builder.yml. Pure
// functions over (platform, env, files read by the caller): scripts/dist.mjs acts on the answer,
// tests/unit/release/release-env.test.ts checks it.

/** Where the app's trusted update-manifest keys live (the updater reads the same file). */
export const TRUSTED_KEYS_FILE = 'src/main/updates/trusted-update-keys.json';

/** Native modules the app loads; each has its binary in packages per platform and architecture. */
export const NATIVE_MODULES = ['@node-rs/argon2', '@napi-rs/keyring', 'sharp'];

const NATIVE_SUFFIX = {
  win32: { x64: 'win32-x64-msvc', arm64: 'win32-arm64-msvc' },
  darwin: { x64: 'darwin-x64', arm64: 'darwin-arm64' },
  linux: { x64: 'linux-x64-gnu', arm64: 'linux-arm64-gnu' },
};

/** electron-builder.yml's section for each Node platform name. */
export const CONFIG_KEY = { win32: 'win', darwin: 'mac', linux: 'linux' };
export const PLATFORM_NAME = { win32: 'Windows', darwin: 'macOS', linux: 'Linux' };

const set = (env, name) => typeof env[name] === 'string' && env[name].trim() !== '';

/**
 * A variable and what it is for, as the failure message lists it; `variables` lists the names
 * electron-builder accepts for it (the first preferred), e.g. WIN_CSC_LINK or CSC_LINK.
 */
const need = (variables, purpose) => {
  const [first, ...others] = [variables].flat();
  return { name: others.length > 0 ? `${first} (or ${others.join(', ')})` : first, variables: [first, ...others], purpose };
};

const UPDATE_URL = need('NARIC_UPDATE_URL', 'the https:// address of the update feed, written into every installed copy (publish.url) and read for latest*.yml / beta*.yml');

const WINDOWS_CERTIFICATE = [
  need(['WIN_CSC_LINK', 'CSC_LINK'], 'the code-signing certificate: a .pfx path, an https URL or its base64 text'),
  need(['WIN_CSC_KEY_PASSWORD', 'CSC_KEY_PASSWORD'], "the certificate's password"),
];
const WINDOWS_AZURE = [
  need('AZURE_TRUSTED_SIGNING_ENDPOINT', "the Trusted Signing account's regional endpoint, e.g. https://weu.codesigning.azure.net"),
  need('AZURE_TRUSTED_SIGNING_ACCOUNT', 'the Trusted Signing (code signing) account name'),
  need('AZURE_TRUSTED_SIGNING_CERTIFICATE_PROFILE', 'the certificate profile that signs'),
  need('AZURE_TENANT_ID', 'the Microsoft Entra tenant of the app registration allowed to sign'),
  need('AZURE_CLIENT_ID', "that app registration's client id"),
  need(['AZURE_CLIENT_SECRET', 'AZURE_CLIENT_CERTIFICATE_PATH'], "that app registration's secret (or certificate)"),
];
const MAC_CERTIFICATE = [
  need('CSC_LINK', 'the "Developer ID Application" certificate: a .p12 path or its base64 text'),
  need('CSC_KEY_PASSWORD', "the certificate's password"),
];
const MAC_KEYCHAIN = [need('CSC_NAME', 'the name of a "Developer ID Application" identity in the login keychain, e.g. "NARIC (ABCDE12345)"')];
const APPLE_TEAM = need('APPLE_TEAM_ID', 'the 10-character Apple Team ID: the signing identity and notarisation are pinned to it');
const NOTARY_API_KEY = [
  need('APPLE_API_KEY', 'path to the App Store Connect API key (.p8) used to notarise'),
  need('APPLE_API_KEY_ID', "that key's id"),
  need('APPLE_API_ISSUER', "that key's issuer id"),
];
const NOTARY_APPLE_ID = [
  need('APPLE_ID', 'the Apple ID that notarises'),
  need('APPLE_APP_SPECIFIC_PASSWORD', "an app-specific password of that Apple ID"),
];

/** The needs of `group` none of whose variables is set. */
function unsetIn(group, env) {
  return group.filter(({ variables }) => !variables.some((variable) => set(env, variable)));
}

/**
 * One way among several to provide something (a certificate file or Azure; an API key or an
 * Apple ID). A partly set way is the one meant: only its gaps are listed. Nothing set: all ways.
 */
function oneOf(what, ways, env) {
  const started = ways.filter((way) => way.group.length > unsetIn(way.group, env).length);
  const candidates = started.length > 0 ? started : ways;
  if (candidates.some((way) => unsetIn(way.group, env).length === 0)) return [];
  return [{ what, ways: candidates.map((way) => ({ label: way.label, missing: unsetIn(way.group, env) })) }];
}

/**
 * The number of keys in the trusted-keys file's text (an array of `{ key_id, public_key, … }`, as
 * src/main/updates/update-manifest.ts reads it), or why it holds none.
 */
export function countTrustedKeys(text) {
  if (text == null) return { count: 0, reason: 'missing' };
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { count: 0, reason: 'not valid JSON' };
  }
  if (!Array.isArray(parsed)) return { count: 0, reason: 'not a list of keys' };
  const usable = parsed.filter((entry) => typeof entry?.public_key === 'string' && entry.public_key.trim() !== '');
  return usable.length > 0 ? { count: usable.length, reason: null } : { count: 0, reason: 'empty' };
}

/**
 * Everything a release build for `platform` lacks, as a list of problems:
 * `{ what, missing: [{name, purpose}] }`, or `{ what, ways: [{label, missing}] }` where one way of
 * several must be completed, or `{ what, invalid: explanation }`. Empty: ready to build.
 */
export function checkReleaseEnvironment({ platform, env, trustedKeysText }) {
  const problems = [];
  if (!set(env, 'NARIC_UPDATE_URL')) problems.push({ what: 'Update feed', missing: [UPDATE_URL] });
  else if (!isHttpsUrl(env.NARIC_UPDATE_URL)) problems.push({ what: 'Update feed', invalid: `NARIC_UPDATE_URL must be an https:// address (it is "${env.NARIC_UPDATE_URL}"): installed copies download their updates from it` });

  const keys = countTrustedKeys(trustedKeysText);
  if (keys.count === 0) {
    problems.push({
      what: 'Trusted update keys',
      invalid: `${TRUSTED_KEYS_FILE} is ${keys.reason}: a build that trusts no key refuses every update. Add the public key of the manifest signing key (docs/release.md)`,
    });
  }

  if (platform === 'win32') {
    problems.push(
      ...oneOf(
        'Windows code signing',
        [
          { label: 'a certificate file', group: WINDOWS_CERTIFICATE },
          { label: 'Azure Trusted Signing', group: WINDOWS_AZURE },
        ],
        env,
      ),
    );
  }

  if (platform === 'darwin') {
    problems.push(
      ...oneOf(
        'macOS signing certificate',
        [
          { label: 'a certificate file', group: MAC_CERTIFICATE },
          { label: 'an identity in the keychain', group: MAC_KEYCHAIN },
        ],
        env,
      ),
    );
    if (!set(env, 'APPLE_TEAM_ID')) problems.push({ what: 'Apple Team ID', missing: [APPLE_TEAM] });
    else if (!/^[A-Z0-9]{10}$/.test(env.APPLE_TEAM_ID.trim())) problems.push({ what: 'Apple Team ID', invalid: `APPLE_TEAM_ID must be 10 capital letters or digits (it is "${env.APPLE_TEAM_ID}")` });
    else if (set(env, 'CSC_NAME') && !env.CSC_NAME.includes(`(${env.APPLE_TEAM_ID.trim()})`)) {
      problems.push({ what: 'macOS signing certificate', invalid: `CSC_NAME "${env.CSC_NAME}" is not an identity of team ${env.APPLE_TEAM_ID.trim()} (its name must end in "(${env.APPLE_TEAM_ID.trim()})")` });
    }
    problems.push(
      ...oneOf(
        'macOS notarisation',
        [
          { label: 'an App Store Connect API key', group: NOTARY_API_KEY },
          { label: 'an Apple ID', group: NOTARY_APPLE_ID },
        ],
        env,
      ),
    );
  }
  return problems;
}

function isHttpsUrl(value) {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The architectures electron-builder.yml builds for `platform` (its `target` entries' `arch`). */
export function configuredArchs(config, platform) {
  const targets = [config[CONFIG_KEY[platform]]?.target ?? []].flat();
  const archs = new Set();
  for (const target of targets) for (const arch of typeof target === 'object' && target.arch ? [target.arch].flat() : ['x64']) archs.add(arch);
  return [...archs];
}

/** The platform binary packages the build for `platform` and `archs` packs. */
export function requiredNativePackages(platform, archs) {
  return NATIVE_MODULES.flatMap((module) => archs.flatMap((arch) => platformPackages(module, platform, arch)));
}

/** The packages a native module loads its binary from on one platform and architecture. */
function platformPackages(module, platform, arch) {
  if (module !== 'sharp') return [`${module}-${NATIVE_SUFFIX[platform][arch]}`];
  // sharp's binding and the libvips library it links (on Windows libvips ships inside the binding's package).
  const target = `${platform}-${arch}`;
  return platform === 'win32' ? [`@img/sharp-${target}`] : [`@img/sharp-${target}`, `@img/sharp-libvips-${target}`];
}

/**
 * A problem for the native binaries missing from node_modules (npm installs only this machine's):
 * a build without them would start and fail at the first password check or keychain access.
 */
export function checkNativePackages({ platform, archs, installed, versions }) {
  const missing = requiredNativePackages(platform, archs).filter((name) => !installed(name));
  if (missing.length === 0) return [];
  const specs = missing.map((name) => `${name}@${versions[name]}`);
  return [
    {
      what: 'Native modules for every architecture',
      invalid: `node_modules lacks ${missing.join(', ')}. Install them for this build with: npm install --no-save --force ${specs.join(' ')}`,
    },
  ];
}

/** The variable names a list of problems asks for (what the tests and the summary count). */
export function missingNames(problems) {
  return problems.flatMap((problem) => [...(problem.missing ?? []), ...(problem.ways ?? []).flatMap((way) => way.missing)].map((item) => item.name));
}

/** One message listing every problem and what each missing variable is for. */
export function describeProblems(problems, platform, kind = 'release') {
  const lines = [`A ${kind} build for ${PLATFORM_NAME[platform] ?? platform} cannot start; nothing was built. Missing or wrong:`];
  for (const problem of problems) {
    if (problem.invalid) {
      lines.push(`  - ${problem.what}: ${problem.invalid}`);
    } else if (problem.missing) {
      lines.push(`  - ${problem.what}:`);
      for (const item of problem.missing) lines.push(`      ${item.name}: ${item.purpose}`);
    } else {
      lines.push(`  - ${problem.what}, ${problem.ways.length > 1 ? 'one of these ways' : 'still needed'}:`);
      for (const way of problem.ways) {
        lines.push(`      ${way.label}:`);
        for (const item of way.missing) lines.push(`        ${item.name}: ${item.purpose}`);
      }
    }
  }
  if (kind === 'release') lines.push('Set them (docs/release.md, "Building a release") and run `npm run dist` again, or build unsigned for testing with `npm run dist:dev`.');
  return lines.join('\n');
}
