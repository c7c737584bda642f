import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_OUTBOX_DIR } from './e2e-env';

/** The JSON summary the bridge writes beside every `.eml` in DATA_DIR/outbox (server/services/mailer.ts). */
export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  links?: Record<string, string>;
};

async function mailsTo(recipient: string): Promise<OutboxMail[]> {
  const names = await readdir(E2E_OUTBOX_DIR).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const mails = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => JSON.parse(await readFile(path.join(E2E_OUTBOX_DIR, name), 'utf8')) as OutboxMail),
  );
  return mails.filter((m) => m.to.toLowerCase() === recipient.toLowerCase()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

function hasLink(mail: OutboxMail, fragment: string): boolean {
  return [...Object.values(mail.links ?? {}), mail.text].some((text) => text.includes(fragment));
}

/**
 * Waits for the newest mail to `recipient` (tests run in parallel, so the recipient, not the time,
 * identifies it). One address gets several mails (a registration sends a confirmation link first), so
 * `linkFragment` waits for the newest one carrying such a link.
 */
export async function newestMailTo(recipient: string, linkFragment?: string): Promise<OutboxMail> {
  let newest: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(recipient);
        newest = (linkFragment === undefined ? mails : mails.filter((m) => hasLink(m, linkFragment))).at(-1);
        return newest !== undefined;
      },
      { message: `a mail to ${recipient}${linkFragment ? ` with ${linkFragment}` : ''} in ${E2E_OUTBOX_DIR}`, timeout: 15_000 },
    )
    .toBe(true);
  if (!newest) throw new Error(`no mail to ${recipient}`);
  return newest;
}

/** The first link in the mail whose URL contains `fragment` (links summary first, then the text body). */
export function linkIn(mail: OutboxMail, fragment: string): string {
  const candidates = [...Object.values(mail.links ?? {}), ...(mail.text.match(/https?:\/\/\S+/g) ?? [])];
  const link = candidates.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link containing ${fragment} in mail "${mail.subject}"`);
  return link;
}
