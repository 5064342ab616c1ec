import { mkdir, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "./config.server.ts";

/** One message as the outbox hands it over; `id` is the outbox row, the same on every retry. */
export type MailMessage = { id: string; to: Array<string>; subject: string; text: string };

export type MailTransport = {
  /** Delivers the message or throws; resolves with a few words on where it went, for the log. */
  send(message: MailMessage): Promise<string>;
  close(): void;
};

export type MailSettings = Pick<Config, "smtpUrl" | "mailFrom" | "mailDir"> & {
  /** The longest one delivery may take, so a slow mail server cannot hold a sender for ever. */
  timeoutMs?: number;
};

/** SMTP when SMTP_URL is set; otherwise (the embedded default) .eml files under MAIL_DIR. */
export function createMailTransport(settings: MailSettings): MailTransport {
  return settings.smtpUrl
    ? createSmtpTransport(settings.smtpUrl, settings.mailFrom, settings.timeoutMs ?? 60_000)
    : createFileTransport(settings.mailDir, settings.mailFrom);
}

// A Message-ID derived from the outbox row makes a message sent twice (after a crash mid-send)
// recognisable as one by mail clients that collapse duplicates.
function messageIdFor(id: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${id}@${domain}>`;
}

function createSmtpTransport(url: string, from: string, timeoutMs: number): MailTransport {
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
      const file = resolve(dir, `${message.id}.eml`);
      await writeFile(file, info.message as Buffer);
      return `written to ${file}`;
    },
    close: () => transporter.close(),
  };
}
