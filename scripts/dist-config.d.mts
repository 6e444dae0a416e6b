// Types of dist-config.mjs for the TypeScript tests that import it.
import type { DistPlatform } from './release-env.mjs';

export type BuildKind = 'release' | 'development';
// electron-builder's configuration as plain data (the tests validate it against its schema).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type BuilderConfig = Record<string, any>;
export const BUILD_KINDS: BuildKind[];
export const SIGNING_VARIABLES: string[];
export function distPasses(base: BuilderConfig, options: { kind: BuildKind; platform: DistPlatform; env: Record<string, string | undefined> }): Array<{ name: string; config: BuilderConfig }>;
export function developmentEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
