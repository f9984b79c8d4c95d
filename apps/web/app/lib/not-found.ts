import { data } from 'react-router';
import { ApiError } from './api.ts';

/**
 * Runs a detail page's API call; an unknown (404) or malformed (400) slug becomes the site's
 * "Page not found" with a 404 status, anything else fails as usual.
 */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}
