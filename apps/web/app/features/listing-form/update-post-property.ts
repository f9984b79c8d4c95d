import { postWithProgress, type Progress } from './upload.ts';

/** `update_post_property` (A): edits one's own listing (the body carries `id` and the remove lists). */
export async function updatePostProperty(body: FormData, onProgress: Progress, signal?: AbortSignal) {
  const { savedListingAnswer } = await import('./answers.ts');
  return postWithProgress('update_post_property', body, savedListingAnswer, onProgress, signal);
}
