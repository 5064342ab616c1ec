import { mkdir, unlink, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "./config.server.ts";
import { isNotFound } from "./files.server.ts";

/** One message as the outbox hands it over; `id` is the outbox row, the same on every retry. */
export type MailMessage = { id: string; to: Array<string>; subject: string; text: string };

export type MailTransport = {
  /** Delivers the message or throws; resolves with a few words on where it went, for the log. */
  send(message: MailMessage): Promise<string>;
  close(): void;
};

/**
 * `mailSendTimeoutMs` is the longest one delivery may take (half the outbox's claim, see
 * config.server.ts), so a slow or stuck mail server never holds a message past its sender's claim.
 */
export type MailSettings = Pick<Config, "smtpUrl" | "mailFrom" | "mailDir" | "mailSendTimeoutMs">;

/** SMTP when SMTP_URL is set; otherwise (the embedded default) .eml files under MAIL_DIR. */
export function createMailTransport(settings: MailSettings): MailTransport {
  return settings.smtpUrl
    ? createSmtpTransport(settings.smtpUrl, settings.mailFrom, settings.mailSendTimeoutMs)
    : createFileTransport(settings.mailDir, settings.mailFrom);
}

/**
 * The Message-ID of an outbox row's e-mail: the same on every attempt, so a message sent twice
 * (the peer accepted it and its sender died before recording that) is recognisable as one by the
 * receiving server and by mail clients that collapse duplicates.
 */
function messageIdFor(id: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${id}@${domain}>`;
}

function createSmtpTransport(url: string, from: string, timeoutMs: number): MailTransport {
  // Set explicitly: nodemailer's own defaults (2 min to connect, 10 min of silence) would outlast
  // the claim. Options in SMTP_URL's query override these; the abort signal below bounds the
  // whole send all the same.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const { hostname, port } = new URL(url);
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: messageIdFor(message.id, from),
        signal: AbortSignal.timeout(timeoutMs),
      });
      return `sent by SMTP (${hostname}:${port || "default port"}) to ${message.to.length} recipient(s)`;
    },
    close: () => transporter.close(),
  };
}

/** Where the file transport keeps the copy of an outbox message. */
function mailFileOf(dir: string, id: string): string {
  return resolve(dir, `${id}.eml`);
}

/**
 * Deletes the file transport's copies of these outbox messages (none is there with SMTP): what
 * leaves the outbox leaves the mail folder with it, since a copy may hold a visitor's message.
 */
export async function deleteMailCopies(dir: string, ids: ReadonlyArray<string>): Promise<void> {
  for (const id of ids) {
    await unlink(mailFileOf(dir, id)).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
  }
}

function createFileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId: messageIdFor(message.id, from),
      });
      await mkdir(dir, { recursive: true });
      // Named by the outbox row, so a retried message overwrites its own file.
      const file = mailFileOf(dir, message.id);
      await writeFile(file, info.message as Buffer);
      return `written to ${file}`;
    },
    close: () => transporter.close(),
  };
}
