/**
 * A real SMTP server on a free local port (smtp-server), and what reached it, parsed (mailparser):
 * what the tests of the back office's e-mail read, never a mock of the sender. Without TLS or
 * authentication, as a mail relay on the same machine; `refuse` names recipients it turns away.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpInbox {
  url: string;
  received: ParsedMail[];
  /** The next message to `to`, once it has arrived. */
  next(to: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtpInbox({ refuse = [] }: { refuse?: string[] } = {}): Promise<SmtpInbox> {
  const received: ParsedMail[] = [];
  const waiting: { to: string; resolve: (mail: ParsedMail) => void }[] = [];
  const taken = new Set<ParsedMail>();
  const recipients = (mail: ParsedMail) =>
    [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => (v.address ?? '').toLowerCase()));
  const deliver = () => {
    for (const wait of [...waiting]) {
      const mail = received.find((m) => !taken.has(m) && recipients(m).includes(wait.to.toLowerCase()));
      if (!mail) continue;
      taken.add(mail);
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(mail);
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.includes(address.address.toLowerCase())) callback(new Error(`Caixa de correio inexistente: ${address.address}`));
      else callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          deliver();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next: (to) =>
      new Promise((resolve) => {
        waiting.push({ to, resolve });
        deliver();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
