/**
 * Signed links to the draft's preview, for people without an account (a director, a sponsor): an
 * HMAC-SHA256 over what the link shows and until when, with a key every instance shares (made by
 * the first and kept in the database, like the session's), so a link made on one instance opens on
 * any other. Nothing is stored per link: the audit log records who made which one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readOrCreateSecret } from '../../db/repositories/staff/staff-secrets-repository';
import type { AppDeps } from '../../deps';

/** How long a link opens the preview. */
export const PREVIEW_LINK_HOURS = 24;
/** What a link shows: the whole site as the draft would publish it (the only kind there is). */
const SHOWS = 'rascunho';
const TOKEN = /^(\d{1,12})\.([0-9a-f]{16})\.([A-Za-z0-9_-]{43})$/;

export interface PreviewLink {
  token: string;
  id: string;
  expiresAt: Date;
}

export type LinkCheck = 'valida' | 'alterada' | 'expirada';

const signature = (secret: string, expires: string, id: string) =>
  createHmac('sha256', secret).update(`pre-visualizacao\n${SHOWS}\n${expires}\n${id}`, 'utf8').digest('base64url');

export class PreviewLinks {
  private secret: Promise<string> | undefined;

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'clock'>) {}

  private key(): Promise<string> {
    this.secret ??= readOrCreateSecret(
      this.deps.db,
      'preview-links',
      () => randomBytes(32).toString('hex'),
      this.deps.clock().toISOString(),
    );
    return this.secret;
  }

  /** A new link, valid for PREVIEW_LINK_HOURS from now. */
  async create(): Promise<PreviewLink> {
    const expiresAt = new Date(this.deps.clock().getTime() + PREVIEW_LINK_HOURS * 3_600_000);
    const expires = String(Math.floor(expiresAt.getTime() / 1000));
    const id = randomBytes(8).toString('hex');
    const sig = signature(await this.key(), expires, id);
    return { token: `${expires}.${id}.${sig}`, id, expiresAt: new Date(Number(expires) * 1000) };
  }

  /** Whether a token is one this site signed (any change to it fails), and still within its time. */
  async check(token: string): Promise<LinkCheck> {
    const parts = TOKEN.exec(token);
    if (!parts) return 'alterada';
    const [, expires, id, sig] = parts as unknown as [string, string, string, string];
    // The text is compared, not the bytes it decodes to: two spellings of the same bytes are two links.
    const expected = Buffer.from(signature(await this.key(), expires, id));
    const given = Buffer.from(sig);
    // Compared in constant time, so the time taken says nothing about how much of it was right.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'alterada';
    return Number(expires) * 1000 > this.deps.clock().getTime() ? 'valida' : 'expirada';
  }
}
