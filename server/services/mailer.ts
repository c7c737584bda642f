import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links inside the mail, kept in the outbox summary so tests and developers can follow them. */
  links?: Record<string, string>;
};

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export type OutboxSummary = Mail & { id: string; from: string; createdAt: string; file: string };

/**
 * Default for demos and tests: every mail becomes `DATA_DIR/outbox/<time>-<id>.eml` (openable in any mail
 * client) plus a `.json` summary. The log names the file, never the links, because they carry tokens.
 */
export function outboxMailer(outboxDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await mkdir(outboxDir, { recursive: true });
      const id = randomUUID();
      const createdAt = new Date().toISOString();
      const base = `${createdAt.replace(/[:.]/g, '-')}-${id}`;
      const emlFile = path.join(outboxDir, `${base}.eml`);
      const raw = Buffer.isBuffer(info.message) ? info.message : Buffer.from(String(info.message));
      await writeFile(emlFile, raw);
      const summary: OutboxSummary = { ...mail, id, from, createdAt, file: emlFile };
      // Written then renamed, so a reader polling the outbox never sees half a summary.
      const jsonFile = path.join(outboxDir, `${base}.json`);
      await writeFile(`${jsonFile}.tmp`, JSON.stringify(summary, null, 2));
      log.info({ mailTo: mail.to, subject: mail.subject, file: emlFile }, 'mail written to outbox');
      await rename(`${jsonFile}.tmp`, jsonFile);
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      log.info({ mailTo: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
    },
  };
}
