// Outgoing mail: over SMTP when SMTP_URL is set, otherwise into DATA_DIR/outbox/ for development.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions, type SMTPSentMessageInfo, type Transporter } from 'nodemailer';
import type { StreamSentMessageInfo } from 'nodemailer/lib/stream-transport';
import type { Config } from '../config.ts';
import { AppError, Code, invalid } from '../errors.ts';
import type { Logger } from '../log.ts';

export interface MailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * What the mail is (`sign-in code`, `reminder`): the log names it instead of the subject, which, like the
   * text, may hold a one-time code or a signed link.
   */
  kind?: string;
}

export interface MailResult {
  messageId: string;
  /** The .eml file written, when there is no SMTP server. */
  file?: string;
}

const ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;
const KIND = /^[\w :.-]{1,64}$/;

/**
 * How the log names a recipient: a short hash of the address, the same for every mail to it.
 * @internal
 */
export function recipientHash(address: string): string {
  return crypto.createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 16);
}

/** A mail's fields on its log lines: never its subject or text. */
function logged(mail: MailInput): Record<string, unknown> {
  return { to: recipientHash(typeof mail.to === 'string' ? mail.to : ''), kind: mail.kind ?? 'other' };
}

export class Mailer {
  private readonly config: Config;
  private readonly logger: Logger;
  private readonly smtp: Transporter<SMTPSentMessageInfo> | undefined;
  private readonly outbox: Transporter<StreamSentMessageInfo> | undefined;
  readonly outboxDir: string;

  constructor(config: Config, logger: Logger) {
    this.config = config;
    this.logger = logger;
    this.outboxDir = path.join(config.dataDir, 'outbox');
    if (config.smtpUrl) {
      // Short timeouts: a sign-in waits for the mail, and clients give up after seconds.
      this.smtp = nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
    } else {
      this.outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
      if (config.production) {
        logger.warn('SMTP_URL is not set: mail is only written to the outbox directory', { dir: this.outboxDir });
      }
    }
  }

  /** Whether mail leaves this machine (SMTP_URL is set). */
  get delivers(): boolean {
    return this.smtp !== undefined;
  }

  /** Sends one mail; a failure is logged here and raised as Unavailable. */
  async send(mail: MailInput): Promise<MailResult> {
    const message = this.compose(mail);
    try {
      if (this.smtp) {
        const info = await this.smtp.sendMail(message);
        this.logger.info('mail sent', { ...logged(mail), messageId: info.messageId });
        return { messageId: info.messageId };
      }
      return await this.writeOutbox(mail, message);
    } catch (err) {
      this.logger.error('mail not sent', { ...logged(mail), err: (err as Error).message });
      throw new AppError(Code.Unavailable, this.smtp ? 'Mail could not be sent: the mail server refused or did not answer.' : 'Mail could not be written to the outbox.');
    }
  }

  private compose(mail: MailInput): SendMailOptions {
    const to = typeof mail.to === 'string' ? mail.to.trim() : '';
    if (!ADDRESS.test(to) || to.length > 254) throw invalid('Mail recipient must be one e-mail address.');
    if (typeof mail.subject !== 'string' || /[\r\n]/.test(mail.subject)) throw invalid('Mail subject must be one line of text.');
    if (typeof mail.text !== 'string') throw invalid('Mail text is required.');
    if (mail.html !== undefined && typeof mail.html !== 'string') throw invalid('Mail html must be a string.');
    if (mail.kind !== undefined && (typeof mail.kind !== 'string' || !KIND.test(mail.kind))) {
      throw invalid('Mail kind must be a short name (letters, digits, spaces, ".:-_").');
    }
    const message: SendMailOptions = {
      from: this.config.mailFrom,
      to,
      subject: mail.subject,
      text: mail.text,
      // Digits stay readable in quoted-printable: a developer can read a code in an outbox file.
      textEncoding: 'quoted-printable',
    };
    if (mail.html) message.html = mail.html;
    return message;
  }

  // Subjects and bodies may carry one-time codes: they stay in the file, out of the log.
  private async writeOutbox(mail: MailInput, message: SendMailOptions): Promise<MailResult> {
    const info = await this.outbox!.sendMail(message);
    await fs.mkdir(this.outboxDir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.outboxDir, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
    this.logger.info('mail written to the outbox (SMTP_URL is not set)', { ...logged(mail), file });
    return { messageId: info.messageId, file };
  }
}
