import { generateSecret, generateURI, verify } from 'otplib';

export const TOTP_ISSUER = 'NARIC Back-office';
const PERIOD_SECONDS = 30;

export function createTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, accountName: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: accountName, secret });
}

export type TotpCheck = { valid: true; timeStep: number } | { valid: false };

/**
 * Accepts the current step and one on either side (clock drift), and refuses any step at or
 * before `lastUsedStep` so a code seen over someone's shoulder cannot be replayed.
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now: Date = new Date(),
): Promise<TotpCheck> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return { valid: false };
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD_SECONDS,
    epochTolerance: PERIOD_SECONDS,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
  });
  return result.valid && 'timeStep' in result ? { valid: true, timeStep: result.timeStep } : { valid: false };
}
