import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import PostalMime from 'postal-mime';
import type { Logger } from '../log.ts';
import { appErrorOf, startSmtpServer, startTestServer, tempDir, testConfig, type TestSmtpServer } from '../testing/index.ts';
import { Mailer, recipientHash } from './mail.ts';

const SUBJECT = 'Код входа в Трибуну: 123456';
const TEXT = 'Ваш код входа: 123456.\nКод действует 10 минут.';
const HTML = '<p>Ваш код входа: <b>123456</b></p>';

/** A logger that keeps its lines, to check what each level reveals. */
function recordingLogger() {
  const lines: Array<{ level: string; msg: string; fields: string }> = [];
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => void lines.push({ level, msg, fields: JSON.stringify(fields ?? {}) });
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
}

let smtp: TestSmtpServer;
before(async () => {
  smtp = await startSmtpServer();
});
after(() => smtp.close());

describe('mail over SMTP', () => {
  it('delivers text and HTML with a Cyrillic subject and sender name', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = new Mailer(testConfig({ SMTP_URL: smtp.url }), logger);
    await mailer.send({ to: 'Ivan@Example.com', subject: SUBJECT, text: TEXT, html: HTML, kind: 'sign-in code' });
    const mail = await smtp.waitForMail('ivan@example.com');
    assert.equal(mail.subject, SUBJECT);
    assert.equal(mail.text?.trim(), TEXT);
    assert.equal(mail.html?.trim(), HTML);
    assert.deepEqual(mail.from, { name: 'Трибуна', address: 'no-reply@tribuna.local' });
    assert.equal(mail.envelope.from, 'no-reply@tribuna.local');
    assert.deepEqual(mail.envelope.to, ['ivan@example.com']);
    // The raw message is 7-bit: the Cyrillic subject is encoded.
    assert.doesNotMatch(mail.raw, /[^\x00-\x7f]/);
    const sent = lines.find((l) => l.level === 'info' && l.msg === 'mail sent');
    assert.deepEqual(JSON.parse(sent!.fields), { to: recipientHash('ivan@example.com'), kind: 'sign-in code', messageId: JSON.parse(sent!.fields).messageId });
    // Neither the code (subject, text) nor the address reaches the log, at any level.
    assert.ok(lines.every((l) => !l.fields.includes('123456') && !l.fields.toLowerCase().includes('ivan@example.com')));
  });

  it('is reachable by modules as nk.mailSend', async () => {
    const ts = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Футбол <mail@tribuna.test>' } });
    try {
      await ts.app.nk.mailSend({ to: 'petr@example.com', subject: 'Привет', text: 'Текст письма' });
      const mail = await smtp.waitForMail('petr@example.com');
      assert.equal(mail.subject, 'Привет');
      assert.equal(mail.text?.trim(), 'Текст письма');
      assert.equal(mail.html, undefined);
      assert.deepEqual(mail.from, { name: 'Футбол', address: 'mail@tribuna.test' });
    } finally {
      await ts.close();
    }
  });

  it('raises Unavailable when the server cannot be reached, logged once', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = new Mailer(testConfig({ SMTP_URL: 'smtp://127.0.0.1:9' }), logger);
    const e = await appErrorOf(mailer.send({ to: 'ivan@example.com', subject: SUBJECT, text: TEXT }));
    assert.equal(e.code, 14);
    assert.match(e.message, /Mail could not be sent/);
    assert.equal(lines.filter((l) => l.level === 'error').length, 1);
  });

  it('refuses several recipients and multi-line subjects', async () => {
    const mailer = new Mailer(testConfig({ SMTP_URL: smtp.url }), recordingLogger().logger);
    for (const mail of [
      { to: 'a@example.com, b@example.com', subject: 's', text: 't' },
      { to: 'not an address', subject: 's', text: 't' },
      { to: 'a@example.com', subject: 'line\r\nBcc: b@example.com', text: 't' },
      { to: 'a@example.com', subject: 's', text: 't', kind: 'x'.repeat(65) },
      { to: 'a@example.com', subject: 's', text: 't', kind: 'a\nb' },
    ]) {
      assert.equal((await appErrorOf(mailer.send(mail))).code, 3, mail.to);
    }
    assert.equal(smtp.mails.some((m) => m.envelope.to.includes('b@example.com')), false);
  });
});

describe('mail without SMTP_URL', () => {
  it('writes a complete RFC 822 message to DATA_DIR/outbox and names it in the log without the code or the address', async () => {
    const tmp = tempDir();
    try {
      const { logger, lines } = recordingLogger();
      const mailer = new Mailer(testConfig({ DATA_DIR: tmp.dir }), logger);
      const result = await mailer.send({ to: 'ivan@example.com', subject: SUBJECT, text: TEXT, html: HTML });
      const dir = path.join(tmp.dir, 'outbox');
      const files = fs.readdirSync(dir);
      assert.equal(files.length, 1);
      assert.match(files[0], /^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
      assert.equal(result.file, path.join(dir, files[0]));
      const raw = fs.readFileSync(path.join(dir, files[0]));
      assert.match(raw.toString(), /^[\s\S]*\r\n\r\n/);
      assert.match(raw.toString(), /123456/);
      const mail = await PostalMime.parse(raw);
      assert.equal(mail.subject, SUBJECT);
      assert.equal(mail.text?.trim(), TEXT);
      assert.equal(mail.html?.trim(), HTML);
      assert.deepEqual(mail.to, [{ name: '', address: 'ivan@example.com' }]);
      assert.ok(mail.messageId);

      const info = lines.find((l) => l.level === 'info')!;
      assert.equal(JSON.parse(info.fields).to, recipientHash('ivan@example.com'));
      assert.equal(JSON.parse(info.fields).kind, 'other');
      assert.ok(info.fields.includes(files[0]));
      // The code stays in the file: no line, at any level, shows the subject or the text.
      assert.ok(lines.every((l) => !l.fields.includes('123456') && !l.fields.includes('ivan@example.com')));

      await mailer.send({ to: 'ivan@example.com', subject: 'Второе', text: 'x' });
      assert.equal(fs.readdirSync(dir).length, 2);
    } finally {
      tmp.remove();
    }
  });

  it('raises Unavailable when the outbox cannot be written', async () => {
    const tmp = tempDir();
    try {
      fs.writeFileSync(path.join(tmp.dir, 'outbox'), 'a file where the directory should be');
      const { logger, lines } = recordingLogger();
      const e = await appErrorOf(new Mailer(testConfig({ DATA_DIR: tmp.dir }), logger).send({ to: 'ivan@example.com', subject: 's', text: 't' }));
      assert.equal(e.code, 14);
      assert.equal(lines.filter((l) => l.level === 'error').length, 1);
    } finally {
      tmp.remove();
    }
  });
});
