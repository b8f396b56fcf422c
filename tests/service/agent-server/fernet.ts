// The agent server's secret cipher (SDK utils/cipher.py): Fernet with the key
// `base64(sha256(OH_SECRET_KEY))`, so a client sees the same `gAAAAA…` tokens a real server
// sends with `X-Expose-Secrets: encrypted` and can post them back with `secrets_encrypted`.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** Every Fernet token starts with this (version byte 0x80, then the timestamp's high bytes). */
export const FERNET_TOKEN_PREFIX = 'gAAAAA';

export class Fernet {
  private readonly signingKey: Buffer;
  private readonly encryptionKey: Buffer;

  constructor(secretKey: string) {
    const digest = createHash('sha256').update(secretKey, 'utf8').digest();
    this.signingKey = digest.subarray(0, 16);
    this.encryptionKey = digest.subarray(16, 32);
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-128-cbc', this.encryptionKey, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const timestamp = Buffer.alloc(8);
    timestamp.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 1000)));
    const signed = Buffer.concat([Buffer.from([0x80]), timestamp, iv, ciphertext]);
    const mac = createHmac('sha256', this.signingKey).update(signed).digest();
    // Python's urlsafe_b64encode keeps the padding.
    return Buffer.concat([signed, mac])
      .toString('base64')
      .replaceAll('+', '-')
      .replaceAll('/', '_');
  }

  /** The plaintext, or null for anything that is not a token of this key (Cipher.decrypt). */
  decrypt(token: string): string | null {
    let raw: Buffer;
    try {
      raw = Buffer.from(token.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
    } catch {
      return null;
    }
    if (raw.length < 1 + 8 + 16 + 16 + 32 || raw[0] !== 0x80) return null;
    const signed = raw.subarray(0, raw.length - 32);
    const mac = raw.subarray(raw.length - 32);
    const expected = createHmac('sha256', this.signingKey).update(signed).digest();
    if (!timingSafeEqual(mac, expected)) return null;
    try {
      const decipher = createDecipheriv('aes-128-cbc', this.encryptionKey, signed.subarray(9, 25));
      return Buffer.concat([decipher.update(signed.subarray(25)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
