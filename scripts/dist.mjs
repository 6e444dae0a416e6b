// `npm run dist`: a signed release of this machine's operating system (Windows, macOS or Linux).
// Every signing variable, the update feed and the trusted update keys are checked first; one
// message lists everything missing and nothing is built. `npm run dist:dev` builds the same
// installers unsigned and marked "-dev" (scripts/dist-config.mjs). `--check` only checks.
//
//   node scripts/dist.mjs [--dev] [--check]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import yaml from 'js-yaml';
import { developmentEnv, distPasses } from './dist-config.mjs';
import { checkNativePackages, checkReleaseEnvironment, configuredArchs, describeProblems, NATIVE_MODULES, PLATFORM_NAME, TRUSTED_KEYS_FILE } from './release-env.mjs';

const root = resolve(import.meta.dirname, '..');
const kind = process.argv.includes('--dev') ? 'development' : 'release';
const checkOnly = process.argv.includes('--check');
const platform = process.platform;

if (!PLATFORM_NAME[platform]) {
  console.error(`Installers are built on Windows, macOS or Linux, not on ${platform}.`);
  process.exit(1);
}

const base = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8'));
const requireFromRoot = createRequire(join(root, 'package.json'));
const packageDir = (name) => join(root, 'node_modules', ...name.split('/'));

const problems = [
  ...(kind === 'release'
    ? checkReleaseEnvironment({
        platform,
        env: process.env,
        trustedKeysText: existsSync(join(root, TRUSTED_KEYS_FILE)) ? readFileSync(join(root, TRUSTED_KEYS_FILE), 'utf8') : null,
      })
    : []),
  ...checkNativePackages({
    platform,
    archs: configuredArchs(base, platform),
    installed: (name) => existsSync(join(packageDir(name), 'package.json')),
    // Each native module names the exact versions of its platform packages.
    versions: Object.assign({}, ...NATIVE_MODULES.map((name) => JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')).optionalDependencies ?? {})),
  }),
];
if (problems.length > 0) {
  console.error(describeProblems(problems, platform, kind));
  process.exit(1);
}
if (checkOnly) {
  console.info(`Ready for a ${kind} build for ${PLATFORM_NAME[platform]}.`);
  process.exit(0);
}

// The package's export map hides bin/: run it by path, as npm's .bin link does.
const built = spawnSync(process.execPath, [join(packageDir('electron-vite'), 'bin', 'electron-vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

if (kind === 'development') {
  const env = developmentEnv(process.env);
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
}

// electron-builder is CommonJS; its programmatic build takes the configuration as an object.
const { build, Platform } = requireFromRoot('electron-builder');
for (const pass of distPasses(base, { kind, platform, env: process.env })) {
  console.info(`\n== ${kind} build: ${pass.name}`);
  // The feed's manifests are signed (scripts/sign-update-manifest) and uploaded by hand afterwards.
  await build({ targets: Platform.current().createTarget(), config: pass.config, publish: 'never' });
}
console.info(kind === 'release' ? '\nDone. Next: sign the update manifests and upload (docs/release.md, "Building a release").' : '\nDone: unsigned development installers, marked -dev; not for distribution.');
