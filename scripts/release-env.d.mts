// Types of release-env.mjs for the TypeScript tests that import it.
export type DistPlatform = 'win32' | 'darwin' | 'linux';
export interface Need {
  name: string;
  variables: string[];
  purpose: string;
}
export interface Problem {
  what: string;
  missing?: Need[];
  ways?: Array<{ label: string; missing: Need[] }>;
  invalid?: string;
}
export const TRUSTED_KEYS_FILE: string;
export const NATIVE_MODULES: string[];
export const CONFIG_KEY: Record<DistPlatform, 'win' | 'mac' | 'linux'>;
export const PLATFORM_NAME: Record<DistPlatform, string>;
export function countTrustedKeys(text: string | null): { count: number; reason: string | null };
export function checkReleaseEnvironment(options: { platform: DistPlatform; env: Record<string, string | undefined>; trustedKeysText: string | null }): Problem[];
export function configuredArchs(config: Record<string, unknown>, platform: DistPlatform): string[];
export function requiredNativePackages(platform: DistPlatform, archs: string[]): string[];
export function checkNativePackages(options: { platform: DistPlatform; archs: string[]; installed: (name: string) => boolean; versions: Record<string, string> }): Problem[];
export function missingNames(problems: Problem[]): string[];
export function describeProblems(problems: Problem[], platform: DistPlatform, kind?: 'release' | 'development'): string;
