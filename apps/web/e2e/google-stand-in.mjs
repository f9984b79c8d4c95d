// A local stand-in for Google's OpenID Connect endpoints, for the browser journeys: an account
// chooser at /authorize that answers like Google's implicit flow (the signed ID token in the
// redirect's fragment, with the request's nonce and state), and the signing keys at /certs.
import http from 'node:http';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

export const STAND_IN_ACCOUNT = { sub: 'google-e2e-account', email: 'gauri.google@example.com', name: 'Gauri Google' };

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Starts the stand-in on a free port; answers its base URL and a close function. */
export async function startGoogleStandIn({ clientId }) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'stand-in', alg: 'RS256', use: 'sig' };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const q = url.searchParams;
    if (url.pathname === '/certs') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (url.pathname === '/authorize') {
      if (q.get('client_id') !== clientId || q.get('response_type') !== 'id_token' || !q.get('nonce') || !q.get('redirect_uri')) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_request');
        return;
      }
      const hidden = ['redirect_uri', 'nonce', 'state'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`).join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><title>Choose an account</title></head>
<body><main><h1>Choose an account</h1><form action="/consent" method="get">${hidden}
<button name="choice" value="account">${escapeHtml(STAND_IN_ACCOUNT.name)} (${escapeHtml(STAND_IN_ACCOUNT.email)})</button>
<button name="choice" value="cancel">Cancel</button></form></main></body></html>`);
      return;
    }
    if (url.pathname === '/consent') {
      const back = new URL(q.get('redirect_uri') ?? '');
      const answer = new URLSearchParams({ state: q.get('state') ?? '' });
      if (q.get('choice') === 'cancel') answer.set('error', 'access_denied');
      else {
        const idToken = await new SignJWT({ email: STAND_IN_ACCOUNT.email, email_verified: true, name: STAND_IN_ACCOUNT.name, nonce: q.get('nonce') })
          .setProtectedHeader({ alg: 'RS256', kid: 'stand-in' })
          .setIssuer('https://accounts.google.com')
          .setAudience(clientId)
          .setSubject(STAND_IN_ACCOUNT.sub)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        answer.set('id_token', idToken);
      }
      back.hash = answer.toString();
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return { base, close: () => new Promise((resolve) => server.close(resolve)) };
}
