// A real SMTP server on loopback for the tests (smtp-server). It keeps every message it accepted,
// that is answered 250, and can hold its answer to the next message, so a test can stop that
// message's sender after the whole message arrived and before it was accepted.
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  envelopeTo: Array<string>;
  to: string;
  subject: string;
  messageId: string;
  body: string;
  /** The name its sender gave in EHLO (nodemailer's `name` option, e.g. `?name=` in SMTP_URL). */
  sender: string;
  /** When it arrived in full (Date.now()). */
  arrivedAt: number;
};

export type SmtpPeer = {
  port: number;
  /** Messages answered 250, in the order they were accepted. */
  accepted: Array<ReceivedMail>;
  /** Messages that arrived in full but whose sender went away before the answer (held, or delayed). */
  dropped: Array<ReceivedMail>;
  /**
   * Holds the answer to the next message to arrive, for as long as its connection stays open
   * (it is never accepted); resolves once that message has arrived in full.
   */
  holdNext(): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/** Starts the peer on 127.0.0.1 (`port` 0: a free one); `acceptDelayMs` waits before each 250, as a busy server would. */
export async function startSmtpPeer(options: { port?: number; acceptDelayMs?: number } = {}): Promise<SmtpPeer> {
  const accepted: Array<ReceivedMail> = [];
  const dropped: Array<ReceivedMail> = [];
  const held = new Map<string, ReceivedMail>();
  const closed = new Set<string>();
  let holdWaiting: ((mail: ReceivedMail) => void) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    secure: false,
    logger: false,
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Array<Buffer> = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = parseMail(
          raw,
          session.envelope.rcptTo.map((rcpt) => rcpt.address),
          session.hostNameAppearsAs,
        );
        if (holdWaiting) {
          // No answer: the sender waits for its 250 until it gives up or goes away.
          held.set(session.id, mail);
          holdWaiting(mail);
          holdWaiting = null;
          return;
        }
        const accept = () => {
          // A sender gone before the answer never hears it: not accepted.
          if (closed.has(session.id)) return void dropped.push(mail);
          accepted.push(mail);
          callback();
        };
        if (options.acceptDelayMs) setTimeout(accept, options.acceptDelayMs);
        else accept();
      });
    },
    onClose(session) {
      closed.add(session.id);
      const mail = held.get(session.id);
      if (!mail) return;
      held.delete(session.id);
      dropped.push(mail);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("The SMTP peer is not listening on a port");
  return {
    port: address.port,
    accepted,
    dropped,
    holdNext: () =>
      new Promise<ReceivedMail>((resolve) => {
        holdWaiting = resolve;
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The headers and text a test looks at, from a message as it arrived (quoted-printable decoded). */
function parseMail(raw: string, envelopeTo: Array<string>, sender: string): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1] ?? "";
  let body = raw.slice(split + 4);
  if (/quoted-printable/i.test(header("Content-Transfer-Encoding"))) {
    body = body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return {
    envelopeTo,
    to: header("To"),
    subject: header("Subject"),
    messageId: header("Message-ID"),
    body: body.replace(/\r\n/g, "\n"),
    sender,
    arrivedAt: Date.now(),
  };
}
