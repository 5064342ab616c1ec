import { existsSync, readdirSync, readFileSync } from "node:fs";
import { openInquiry } from "#app/inquiries/inquiry-sealing.server.ts";
import { type ClientRequest, request as httpRequest } from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { fetchContactFormToken } from "../../bench/contact-page.ts";
import { signedInAdminCookie, startLocalServer } from "../../bench/local-server.ts";
import { readByServer } from "#tests/fixtures/read-by-server.ts";

// How the production server behaves for whoever runs it: its log (what a log collector keeps for
// months must hold nothing a visitor typed) and its stop (a deploy must not lose an inquiry).

const markers = {
  firstName: "Zebulonmarker",
  lastName: "Quixotemarker",
  email: "zeb.marker@example.org",
  phone: "435-555-0177",
  message: "Marker message: my sister Philomena is struggling",
};

const staffAddress = "office.marker@example.net";

function inquiryBody(formToken: string, values: Partial<typeof markers> = {}): URLSearchParams {
  return new URLSearchParams({ ...markers, subject: "Individual Counseling", paymentMethod: "Self-Pay", ...values, formToken });
}

test("no log line holds a visitor's name, e-mail, phone or message, and every line is JSON with a level and a time", async () => {
  let output = "";
  // A mail server that refuses the staff address, naming it, as real ones do.
  const refusing = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
  const smtpPort = (refusing.server.address() as AddressInfo).port;
  const server = await startLocalServer(
    {
      LOG_REQUESTS: "true",
      CONTACT_MIN_FILL_MS: "1000",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      NOTIFY_TO: staffAddress,
      MAIL_FROM: "Website <website.marker@example.net>",
    },
    { onStdout: (text) => (output += text), onStderr: (text) => (output += text) },
  );
  try {
    const { origin } = server;
    const post = (path: string, body: URLSearchParams, cookie = "") =>
      fetch(origin + path, { method: "POST", body, headers: { Origin: origin, Cookie: cookie }, redirect: "manual" });
    // One without a valid form token (kept as possible spam, which logs why: the same line as one
    // sent too fast, and unlike that one, it does not depend on how quickly this machine sends it),
    // an invalid one, a bot's, and a real one.
    expect((await post("/api/inquiries", inquiryBody("not a form token"))).status).toBe(201);
    expect((await post("/api/inquiries", inquiryBody(await fetchContactFormToken(origin), { email: "zeb.marker@" }))).status).toBe(400);
    const bot = inquiryBody(await fetchContactFormToken(origin));
    bot.set("website", "https://spam.example");
    await post("/api/inquiries", bot);
    const token = await fetchContactFormToken(origin);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await post("/contact", inquiryBody(token, { email: "second.marker@example.org" }))).status).toBeLessThan(400);

    // Staff search the inbox for the person, open the list and mark the message read.
    const cookie = await signedInAdminCookie(server, "owner@example.com");
    const search = await fetch(`${origin}/admin/inquiries?q=${encodeURIComponent(markers.lastName)}`, { headers: { Cookie: cookie } });
    expect(await search.text()).toContain(markers.lastName);
    const database = new DatabaseSync(server.databaseFile);
    const { id } = database.prepare("SELECT id FROM inquiries WHERE possible_spam = 0").get() as { id: string };
    database.close();
    expect((await post("/admin/inquiries", new URLSearchParams({ id, intent: "mark-read" }), cookie)).status).toBe(302);
    // The notification was tried, and the mail server's refusal (naming the staff address) logged.
    await expect.poll(() => output.includes("Mail attempt 1 failed")).toBe(true);
    process.kill(server.pid, "SIGTERM");
    await server.exited;
  } finally {
    await server.stop();
    refusing.close();
  }

  const lines = output.split("\n").filter(Boolean);
  expect(lines.length).toBeGreaterThan(10);
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const entry of entries) {
    expect(typeof entry.time).toBe("string");
    expect(["info", "warn", "error"]).toContain(entry.level);
    expect(typeof entry.msg).toBe("string");
  }
  const requests = entries.filter((entry) => entry.msg === "request");
  expect(requests.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual(
    expect.arrayContaining(["POST /api/inquiries 201", "GET /admin/inquiries 200", "POST /admin/inquiries 302"]),
  );
  expect(requests.every((entry) => typeof entry.requestId === "string" && typeof entry.ms === "number")).toBe(true);
  expect(entries.some((entry) => entry.msg === "Marked a contact submission as possible spam")).toBe(true);
  const everything = output.toLowerCase();
  expect(output).toContain("Recipient address rejected");
  for (const value of [...Object.values(markers), "second.marker", "Philomena", "555-0177", "4355550177", staffAddress, "website.marker"]) {
    expect(everything, value).not.toContain(value.toLowerCase());
  }
});

test("SIGTERM finishes an inquiry in flight, answers it, keeps it and its mail, and refuses new connections", async () => {
  const server = await startLocalServer({ CONTACT_MIN_FILL_MS: "0" });
  try {
    const url = new URL("/api/inquiries", server.origin);
    const body = Buffer.from(inquiryBody(await fetchContactFormToken(server.origin)).toString());
    // Half the form is sent, then the server is told to stop: the visitor is mid-request.
    let sendRest = () => {};
    let answeredYet = false;
    const halfSent = Promise.withResolvers<number>();
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = httpRequest(
        url,
        {
          method: "POST",
          headers: { Origin: server.origin, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length },
        },
        (incoming) => {
          let text = "";
          incoming.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
          incoming.on("end", () => {
            answeredYet = true;
            resolve({ status: incoming.statusCode ?? 0, text });
          });
        },
      );
      outgoing.on("error", reject);
      outgoing.write(body.subarray(0, 40), () => halfSent.resolve(outgoing.socket!.localPort!));
      sendRest = () => outgoing.end(body.subarray(40));
    });
    // The server has read the headers and the first part of the form: the request is in its hands.
    const clientPort = await halfSent.promise;
    await expect.poll(() => readByServer(Number(url.port), clientPort)).toBe(true);
    process.kill(server.pid, "SIGTERM");
    // Meanwhile nobody new gets in: the load balancer sends them to the other instance. A
    // connection that comes while the site takes those queued when the stop came is taken and
    // answered (closeSiteServer), so this tries until one is refused (the deadline only a bound on a hang).
    const refusedWithin = async (deadline: number): Promise<boolean> => {
      while (performance.now() < deadline) {
        const refused = await new Promise<boolean>((resolve) => {
          const socket = connect(Number(url.port), "127.0.0.1", () => {
            socket.destroy();
            resolve(false);
          });
          socket.on("error", () => resolve(true));
        });
        if (refused) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    };
    expect(await refusedWithin(performance.now() + 60_000)).toBe(true);
    // Refused while the visitor's request is still in flight, and the site still running for it.
    expect(answeredYet).toBe(false);
    expect(await Promise.race([server.exited, Promise.resolve("running")])).toBe("running");
    sendRest();
    const answer = await answered;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.text)).toMatchObject({ status: "sent" });
    expect(await server.exited).toBe(0);

    const database = new DatabaseSync(server.databaseFile);
    // Sealed with the key this process gave the server (bench/local-server.ts).
    const rows = database.prepare("SELECT id, sealed_fields FROM inquiries").all() as Array<{ id: string; sealed_fields: string }>;
    const stored = rows.filter((row) => openInquiry(row).email === markers.email);
    const queued = database.prepare("SELECT COUNT(*) AS count FROM mail_outbox WHERE sent_at IS NULL").get() as { count: number };
    database.close();
    expect(stored).toHaveLength(1);
    // Its notification was sent before the process ended, or waits in the outbox for the next start.
    const mailDir = join(server.folder, "mail");
    const written = existsSync(mailDir) ? readdirSync(mailDir).filter((file) => file.endsWith(".eml")) : [];
    expect(written.length + Number(queued.count)).toBe(1);
    if (written.length === 1) expect(readFileSync(join(server.folder, "mail", written[0]!), "utf8")).toContain("Subject:");
  } finally {
    await server.stop();
  }
});

/** A form posted on a new connection; `send` writes `body` (all at once, or in parts). Answers with the status. */
function freshFormPost(origin: string, path: string, body: Buffer, send: (outgoing: ClientRequest) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length };
    const outgoing = httpRequest(`${origin}${path}`, { method: "POST", agent: false, headers }, (incoming) => {
      incoming.resume();
      incoming.on("end", () => resolve(incoming.statusCode ?? 0));
    });
    outgoing.on("error", reject);
    send(outgoing);
  });
}

test("SIGTERM: several requests in flight are each answered, then the site stops with exit code 0", async () => {
  const stopping = await startLocalServer({ DEMO_MODE: "off" });
  try {
    const body = Buffer.from(new URLSearchParams({ firstName: "", message: "x".repeat(200) }).toString());
    // Nine visitors half way through sending a form, on nine connections. The rest of each form
    // is sent only once the stop has been asked for.
    const stopAsked = Promise.withResolvers<void>();
    const clientPorts: Array<Promise<number>> = [];
    const answers = Array.from({ length: 9 }, () =>
      freshFormPost(stopping.origin, "/api/inquiries", body, (outgoing) => {
        const halfSent = Promise.withResolvers<number>();
        clientPorts.push(halfSent.promise);
        outgoing.write(body.subarray(0, 20), () => halfSent.resolve(outgoing.socket!.localPort!));
        void stopAsked.promise.then(() => outgoing.end(body.subarray(20)));
      }),
    );
    // Each request is in the site's hands (it has read all that was sent) before the stop.
    const serverPort = Number(new URL(stopping.origin).port);
    for (const clientPort of await Promise.all(clientPorts)) {
      await expect.poll(() => readByServer(serverPort, clientPort)).toBe(true);
    }
    process.kill(stopping.pid, "SIGTERM");
    stopAsked.resolve();
    // Each is answered as the site answers an incomplete form: nothing is cut off.
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 9 }, () => 400));
    expect(await stopping.exited).toBe(0);
  } finally {
    await stopping.stop();
  }
});
