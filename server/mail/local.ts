// The local stand-in for a mail server (development and tests): SMTP on loopback that keeps every
// message it is given, parsed, so a test reads the real message and follows its link, and `npm run
// dev` shows them (GET /api/dev/mail). smtp-server and mailparser are development dependencies:
// imported only when the stand-in is asked for.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's language and direction, as its HTML says them. */
  lang: string | null;
  dir: string | null;
  /** The files sent with it: name, type and bytes. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  at: Date;
}

export interface LocalMailbox {
  /** The SMTP_URL that reaches it. */
  url: string;
  /** Every message received, oldest first. */
  messages: CaughtMail[];
  /** The messages to `to` (newest last), waiting up to `timeoutMs` for at least one. */
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail[]>;
  close(): Promise<void>;
}

export async function startLocalMailbox(): Promise<LocalMailbox> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((parsed) => {
          const html = typeof parsed.html === 'string' ? parsed.html : '';
          const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
          messages.push({
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html,
            lang: /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1] ?? null,
            dir: /<html[^>]*\sdir="([^"]+)"/.exec(html)?.[1] ?? null,
            attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
            at: new Date(),
          });
          done();
        })
        .catch((error: Error) => done(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => messages.filter((m) => m.to.toLowerCase() === address.toLowerCase());
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(address, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (to(address).length === 0 && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return to(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
