import http from 'node:http';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

export const GOOGLE_CLIENT = 'test-client.apps.googleusercontent.com';

/** A local stand-in for Google's key endpoint, and a signer of ID tokens it vouches for. */
export async function startGoogleKeys() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    env: { GOOGLE_CLIENT_ID: GOOGLE_CLIENT, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
    sign: (claims: Record<string, unknown>, audience = GOOGLE_CLIENT) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).setIssuer('https://accounts.google.com').setAudience(audience).setIssuedAt().setExpirationTime('5m').sign(privateKey),
    close: () => new Promise((r) => server.close(r)),
  };
}
