import { postWithProgress, type Progress } from './upload.ts';

/** `post_property` (A): adds a listing; answers it with its `slug_id`. */
export async function postProperty(body: FormData, onProgress: Progress, signal?: AbortSignal) {
  const { savedListingAnswer } = await import('./answers.ts');
  return postWithProgress('post_property', body, savedListingAnswer, onProgress, signal);
}
