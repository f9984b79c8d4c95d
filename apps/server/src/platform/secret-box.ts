import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

/**
 * Secrets kept in the settings table (payment providers' keys, SMTP, Twilio, maps): AES-256-GCM
 * with a key from the environment, a fresh 12-byte nonce per value and the setting's name as
 * associated data, so a ciphertext copied onto another setting does not decrypt. Stored as
 * `enc:v1:<nonce>:<tag>:<ciphertext>` (base64url).
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The settings encryption key must be 32 bytes');
    this.#key = key;
  }

  /**
   * SETTINGS_ENCRYPTION_KEY as 64 hex digits or base64; without one (development and tests only —
   * config requires it in production) a key derived from the data directory, so a restart reads
   * what was stored.
   */
  static fromConfig(config: { SETTINGS_ENCRYPTION_KEY?: string; dataDir: string }): SecretBox {
    const given = config.SETTINGS_ENCRYPTION_KEY;
    if (given) return new SecretBox(/^[0-9a-fA-F]{64}$/.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64'));
    return new SecretBox(createHash('sha256').update(`ghar-bazaar development settings key\0${config.dataDir}`).digest());
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  seal(name: string, plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, nonce);
    cipher.setAAD(Buffer.from(name, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${nonce.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${body.toString('base64url')}`;
  }

  /** The plain value, or null when it was not sealed with this key for this name (or was tampered with). */
  open(name: string, stored: string): string | null {
    if (!stored.startsWith(PREFIX)) return null;
    const [nonce, tag, body] = stored.slice(PREFIX.length).split(':');
    if (!nonce || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(name, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/** What the console shows of a secret: that it is set and its last 4 characters (fewer of a short one). */
export function maskSecret(plain: string | null): { set: boolean; hint: string } {
  if (!plain) return { set: false, hint: '' };
  const shown = plain.length >= 12 ? plain.slice(-4) : plain.length >= 8 ? plain.slice(-2) : '';
  return { set: true, hint: `••••${shown}` };
}
