import { data } from 'react-router';

// Any path no other route claims: the root ErrorBoundary renders the "Page not found" page with a 404 status.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
