import { useT } from '../../lib/i18n.ts';
import { useOwnerMutation } from './owner-mutation.ts';

/** `change-project-status`: the owner pauses (0) or re-activates (1) an approved project. */
export function useChangeProjectStatus() {
  const t = useT();
  return useOwnerMutation<{ projectId: number; status: 0 | 1 }>(
    'change-project-status',
    ({ projectId, status }) => ({ project_id: projectId, status }),
    ({ status }) => (status === 0 ? t('ownerPaused', 'Paused: visitors no longer see it.') : t('ownerReactivated', 'Active again: visitors see it.')),
  );
}
