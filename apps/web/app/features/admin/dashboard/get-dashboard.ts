import { useQuery } from '@tanstack/react-query';
import { dashboard, envelope } from '@estate/core';
import { useSession } from '../../../lib/session.ts';
import { adminCall } from '../admin-call.ts';

const dashboardAnswer = envelope(dashboard);

/** `GET /api/admin/dashboard`: counts, takings, queues and 30 days of series. */
export function useDashboard() {
  const session = useSession();
  return useQuery({
    queryKey: ['admin', 'dashboard', session?.data.id],
    enabled: !!session,
    staleTime: 60_000,
    queryFn: async () => (await adminCall('dashboard', dashboardAnswer)).data,
  });
}
