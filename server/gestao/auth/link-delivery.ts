/**
 * A one-time link (an invitation, a password reset) delivered: by e-mail where the server has SMTP,
 * the link then the person's alone; otherwise, or when the mail server refuses it, handed to the
 * administrator to copy, with the reason. Nothing is lost: the link works either way.
 */
import type { LinkAnswer } from '../../../src/common/gestao/api/answers';
import { mailProblem, type MailWords } from '../../../src/common/gestao/staff-mail-words';
import { spokenDayAndTime } from '../../../src/common/time/calendar-names';
import { lisbonDateTime } from '../../../src/common/time/lisbon-time';
import type { AppDeps } from '../../deps';

/** "sábado 12, 10:00": the expiry as the e-mail says it (Lisbon's time). */
export const expiryWords = (expiresAt: string) => spokenDayAndTime(lisbonDateTime(new Date(expiresAt)));

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The plain text as HTML: its paragraphs, and the link a link. */
function htmlOf(text: string, link: string): string {
  return text
    .split('\n\n')
    .map((paragraph) =>
      paragraph === link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
        : `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
}

export async function deliverLink(deps: AppDeps, to: string, words: MailWords, link: string, expiresAt: string): Promise<LinkAnswer> {
  const { mailer } = deps;
  if (!mailer) return { delivery: 'link', link, expiresAt };
  try {
    await mailer.send({ to, subject: words.subject, text: words.text, html: htmlOf(words.text, link) });
    return { delivery: 'email', sentTo: to, expiresAt };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { delivery: 'link', link, expiresAt, mailProblem: mailProblem(reason) };
  }
}
