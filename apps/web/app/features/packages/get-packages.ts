import type { GetPackageAnswer } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { useSession } from '../../lib/session.ts';

/** Every query of packages starts with this key: a purchase refreshes them all. */
export const PACKAGES_KEY = 'packages';

/** `get-package`: the packages on sale and, with a session, the user's running ones with what is left. */
export function usePackages() {
  const session = useSession();
  return useQuery({
    queryKey: [PACKAGES_KEY, session?.data.id ?? 'visitor'],
    queryFn: async (): Promise<GetPackageAnswer> => {
      const { packagesAnswer } = await import('./answers.ts');
      return call('get-package', packagesAnswer);
    },
  });
}
