/**
 * Google sign-in without Google's script: the OpenID Connect implicit flow. The browser goes to
 * Google's authorisation endpoint and comes back to /auth/google with an ID token in the URL
 * fragment (never sent to any server but ours, by `user_signup` type 0, which checks its
 * signature, issuer, audience and expiry against Google's keys). `state` ties the answer to the
 * tab that asked; `nonce` ties the token to this request, so a token taken from another sign-in
 * cannot be replayed here.
 */
const PENDING_KEY = 'google_sign_in';
export const GOOGLE_CALLBACK_PATH = '/auth/google';

export type GoogleConfig = { clientId: string; authUrl: string };

type Pending = { state: string; nonce: string };

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Sends the browser to Google's account chooser. */
export function startGoogleSignIn(google: GoogleConfig) {
  const pending: Pending = { state: randomToken(), nonce: randomToken() };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(google.authUrl);
  url.search = new URLSearchParams({
    client_id: google.clientId,
    redirect_uri: `${window.location.origin}${GOOGLE_CALLBACK_PATH}`,
    response_type: 'id_token',
    scope: 'openid email profile',
    prompt: 'select_account',
    state: pending.state,
    nonce: pending.nonce,
  }).toString();
  window.location.assign(url.toString());
}

export type GoogleAnswer = { idToken: string } | { error: 'cancelled' | 'mismatch' | 'missing' };

/** The claims of a JWT, unverified (the server verifies it; this only reads the nonce). */
function claimsOf(jwt: string): Record<string, unknown> | null {
  try {
    const part = jwt.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads Google's answer from the callback URL's fragment, once: the pending request is used up. */
export function takeGoogleAnswer(hash: string): GoogleAnswer {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.get('error')) return { error: 'cancelled' };
  let pending: Pending | null = null;
  try {
    pending = raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    pending = null;
  }
  const idToken = params.get('id_token');
  if (!pending || !idToken) return { error: 'missing' };
  if (params.get('state') !== pending.state || claimsOf(idToken)?.nonce !== pending.nonce) return { error: 'mismatch' };
  return { idToken };
}
