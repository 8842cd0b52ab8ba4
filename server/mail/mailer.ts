/**
 * The back office's outgoing e-mail (invitations, password resets) through the SMTP server the
 * environment names (SMTP_URL, MAIL_FROM: server/config.ts), with nodemailer. No SMTP: no mailer,
 * and the back office shows each link to copy. Timeouts short enough for a request that waits on
 * the send: a mail server that does not answer is said to the administrator within seconds.
 */
import { createTransport } from 'nodemailer';
import type { MailSettings } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 20_000;

export function createMailer(settings: MailSettings | undefined): Mailer | null {
  if (!settings) return null;
  const transport = createTransport(
    {
      url: settings.smtpUrl,
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    },
    { from: settings.from },
  );
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}
