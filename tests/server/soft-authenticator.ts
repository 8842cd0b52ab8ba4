/**
 * A software passkey authenticator for server tests: a P-256 key pair made with node:crypto, and
 * the attestation (format "none") and assertions a browser would send from it, byte for byte as
 * WebAuthn Level 2 lays them out (authenticator data, COSE key, CBOR), signed for real. Flags say
 * whether the user was verified; the counter moves on at each assertion.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** CBOR (RFC 8949) for the few shapes WebAuthn needs: small maps, negative and small integers, text and bytes. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number) =>
    length < 24
      ? Buffer.from([(major << 5) | length])
      : length < 256
        ? Buffer.from([(major << 5) | 24, length])
        : Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: ${typeof value}`);
}

export interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
export interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;
  userHandle = '';

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }));
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** What navigator.credentials.create() answers (as @simplewebauthn/browser sends it). */
  register(options: CreationOptions, { userVerified = true, origin = this.origin } = {}) {
    this.userHandle = options.user.id;
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKey]);
    // UP, UV when verified, AT (attested credential data follows).
    const authData = this.authData(0x01 | (userVerified ? 0x04 : 0) | 0x40, attested);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** What navigator.credentials.get() answers, signed with this authenticator's key. */
  assert(options: RequestOptions, { userVerified = true, origin = this.origin } = {}) {
    this.counter += 1;
    const authenticatorData = this.authData(0x01 | (userVerified ? 0x04 : 0));
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false });
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
