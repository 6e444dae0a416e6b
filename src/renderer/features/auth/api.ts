import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AUTH_PATHS, type LoginRequest, type TwoFactorMethod } from '../../../shared/api/auth';
import { demoAccountsAnswer, SYSTEM_PATHS } from '../../../shared/api/system';
import { apiClient } from '../../lib/app-api-client';
import { getBridge } from '../../platform/bridge';

// Sign-in goes through the bridge, which keeps the refresh token away from the page; the calls
// that carry no token (demo accounts, sending an e-mail code) go straight to the API.

export const signIn = (credentials: LoginRequest) => getBridge().auth.login(credentials);

export const verifyTwoFactor = (verification: { username: string; code: string; is_backup_code: boolean }) =>
  getBridge().auth.verifyTwoFactor(verification);

export const startTwoFactorSetup = (setup: { method: TwoFactorMethod; user_id: number }) => getBridge().auth.setupTwoFactor(setup);

export const confirmTwoFactorSetup = (confirmation: { code: string; user_id: number }) =>
  getBridge().auth.confirmTwoFactor(confirmation);

/** POST /auth/2fa/send-otp/: e-mails a fresh sign-in code. */
export async function sendSignInCode(username: string): Promise<void> {
  await apiClient.post(AUTH_PATHS.sendOtp, { username }, z.unknown());
}

export function fetchDemoAccounts() {
  return apiClient.get(SYSTEM_PATHS.demoAccounts, demoAccountsAnswer);
}

/** The demo banner's accounts; outside demo mode the server answers an empty list. */
export function useDemoAccounts() {
  return useQuery({ queryKey: ['demo-accounts'], queryFn: fetchDemoAccounts, staleTime: Infinity, retry: false });
}
