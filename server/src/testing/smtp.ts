// A local SMTP server for tests: accepts every mail on 127.0.0.1 (no TLS, no auth) and parses it.
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A received mail: the SMTP envelope, the raw RFC 822 text and what postal-mime parsed from it. */
export type ParsedMail = Email & {
  envelope: { from: string; to: string[] };
  raw: string;
};

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  /** Every mail received, oldest first. */
  mails: ParsedMail[];
  /** The oldest mail to `to` that no earlier call returned, waiting up to timeoutMs for it. */
  waitForMail(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    // Without STARTTLS a client does not try to upgrade to TLS with a certificate it cannot trust.
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw).then(
          (email) => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
            mails.push({ ...email, envelope: { from, to }, raw: raw.toString('utf8') });
            for (const wake of [...waiters]) wake();
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });

  const take = (to: string): ParsedMail | undefined => {
    const m = mails.find((x) => !taken.has(x) && x.envelope.to.includes(to.toLowerCase()));
    if (m) taken.add(m);
    return m;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitForMail(to, timeoutMs = 5000) {
      const now = take(to);
      if (now) return Promise.resolve(now);
      return new Promise((resolve, reject) => {
        const wake = () => {
          const m = take(to);
          if (!m) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
