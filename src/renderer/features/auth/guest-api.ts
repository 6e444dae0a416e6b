import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AUTH_PATHS } from '../../../shared/api/auth';
import { demoAccountsAnswer, SYSTEM_PATHS } from '../../../shared/api/system';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';

// The calls of the sign-in page that carry no token and go straight to the API (the demo
// accounts, sending an e-mail code). A chunk of its own: the API client and the answers' zod
// schemas are not needed to draw the form (api.ts and the lazy demo banner fetch it).

/** POST /auth/2fa/send-otp/: e-mails a fresh sign-in code. */
export async function sendSignInCode(username: string, challenge: string): Promise<void> {
  await apiClient.post(AUTH_PATHS.sendOtp, { username, challenge }, z.unknown());
}

export function fetchDemoAccounts() {
  return apiClient.get(SYSTEM_PATHS.demoAccounts, demoAccountsAnswer);
}

/** The demo banner's accounts; outside demo mode the server answers an empty list. */
export function useDemoAccounts() {
  return useQuery({ queryKey: queryKeys.demoAccounts, queryFn: fetchDemoAccounts, staleTime: Infinity, retry: false });
}
