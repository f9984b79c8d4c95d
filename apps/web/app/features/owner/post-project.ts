import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/client.ts';
import { OWNED_KEY } from './get-added-properties.ts';
import { projectFormData, type ProjectFiles, type ProjectText } from './project-form.ts';

/** `post_project`: adds a project, or updates the owner's project `id` (with the remove lists). */
export function usePostProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, files, id }: { values: ProjectText; files: ProjectFiles; id?: number }) => {
      const { messageAnswer } = await import('./answers.ts');
      return call('post_project', messageAnswer, { method: 'POST', body: projectFormData(values, files, id) });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [OWNED_KEY] }),
  });
}
