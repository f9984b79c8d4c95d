import { useT } from '../../lib/i18n.ts';
import { useOwnerMutation } from './owner-mutation.ts';

/** `delete_project`: the owner deletes one of their projects, its pictures, documents and plans with it. */
export function useDeleteProject() {
  const t = useT();
  return useOwnerMutation<{ id: number }>('delete_project', ({ id }) => ({ id }), () => t('ownerProjectDeleted', 'Project deleted.'));
}
