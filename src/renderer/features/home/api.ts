import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_PATHS, dashboardAnswer } from '../../../shared/api/dashboard';
import { healthAnswer, SYSTEM_PATHS, type HealthAnswer } from '../../../shared/api/system';
import { apiClient } from '../../lib/app-api-client';
import { asTransportError } from '../../lib/transport-error';

/**
 * GET /api/health/. A 503 still carries the report (the API answered; the database or storage
 * did not), so it is read rather than thrown.
 */
export async function fetchSystemHealth(): Promise<HealthAnswer> {
  try {
    return await apiClient.get(SYSTEM_PATHS.health, healthAnswer);
  } catch (failure) {
    const report = healthAnswer.safeParse(asTransportError(failure).body);
    if (report.success) return report.data;
    throw failure;
  }
}

export function useSystemHealth() {
  return useQuery({ queryKey: ['system-health'], queryFn: fetchSystemHealth, refetchInterval: 60_000 });
}

export function useDashboard() {
  return useQuery({ queryKey: ['dashboard'], queryFn: () => apiClient.get(DASHBOARD_PATHS.home, dashboardAnswer) });
}
