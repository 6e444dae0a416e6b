import type { LoginRequest, TwoFactorMethod } from '../../../shared/api/auth';
import { chunkLoader } from '../../lib/chunk-loader';
import { getBridge } from '../../platform/bridge';

// Sign-in goes through the bridge, which keeps the refresh token away from the page; the calls
// that carry no token (demo accounts, sending an e-mail code) go straight to the API, from
// guest-api.ts, fetched when first used.

export const signIn = (credentials: LoginRequest) => getBridge().auth.login(credentials);

// `challenge`: the 2FA challenge of the sign-in outcome; every later call of that sign-in sends it.
export const verifyTwoFactor = (verification: { username: string; code: string; is_backup_code: boolean; challenge: string }) =>
  getBridge().auth.verifyTwoFactor(verification);

export const startTwoFactorSetup = (setup: { method: TwoFactorMethod; challenge: string }) => getBridge().auth.setupTwoFactor(setup);

export const confirmTwoFactorSetup = (confirmation: { code: string; challenge: string }) =>
  getBridge().auth.confirmTwoFactor(confirmation);

const guestApi = chunkLoader(() => import('./guest-api'));

/** POST /auth/2fa/send-otp/: e-mails a fresh sign-in code. */
export async function sendSignInCode(username: string, challenge: string): Promise<void> {
  await (await guestApi()).sendSignInCode(username, challenge);
}
