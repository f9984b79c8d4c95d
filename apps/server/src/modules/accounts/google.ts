import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { sha256 } from '../../platform/crypto.ts';
import { Invalid } from '../../platform/errors.ts';

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** What makes this token single-use: its `jti`, else a hash of the token itself. */
  tokenId: string;
  expiresAt: Date;
}

/** Verifies Google ID tokens against Google's published keys (or a local key set in tests). */
export class GoogleVerifier {
  private readonly keys: JWTVerifyGetKey;

  constructor(
    private readonly clientId: string,
    jwksUrl: string,
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  }

  async verify(idToken: string): Promise<GoogleIdentity> {
    try {
      const { payload } = await jwtVerify(idToken, this.keys, {
        audience: this.clientId,
        issuer: ['accounts.google.com', 'https://accounts.google.com'],
      });
      if (!payload.sub || !payload.exp) throw new Error('no subject or expiry');
      return {
        sub: payload.sub,
        email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
        emailVerified: payload.email_verified === true,
        name: typeof payload.name === 'string' ? payload.name : null,
        picture: typeof payload.picture === 'string' ? payload.picture : null,
        tokenId: `google:${sha256(typeof payload.jti === 'string' ? `jti:${payload.jti}` : idToken)}`,
        expiresAt: new Date(payload.exp * 1000),
      };
    } catch {
      throw new Invalid('auth_id', 'The Google sign-in could not be verified. Please try again.');
    }
  }
}
