import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { closeSiteServer, createSiteServer } from "./listen-or-exit.ts";

// A visitor's client in a process of its own (the site's loop is busy while it sends): on "go"
// it opens `count` connections, sends a whole form on each, creates `sentFile`, then prints each
// answer's status and body, or the error that ended it.
const visitors = `
  import { connect } from "node:net";
  import { writeFileSync } from "node:fs";
  const [port, count, sentFile] = process.argv.slice(-3);
  process.stdin.once("data", async () => {
    const sockets = Array.from({ length: Number(count) }, () => connect(Number(port), "127.0.0.1"));
    const answers = sockets.map((socket) => new Promise((resolve) => {
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("end", () => resolve(text.split("\\r\\n")[0] + " " + text.split("\\r\\n\\r\\n")[1]));
      socket.on("error", (error) => resolve(error.code));
    }));
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.on("connect", resolve))));
    await Promise.all(sockets.map((socket) => new Promise((resolve) =>
      socket.write("POST /api/inquiries HTTP/1.1\\r\\nHost: site\\r\\nContent-Length: 5\\r\\nConnection: close\\r\\n\\r\\nhello", resolve))));
    writeFileSync(sentFile, "");
    console.log((await Promise.all(answers)).join("\\n"));
  });
  console.log("ready");
`;

test("a stop that comes while the loop is busy answers the connections that queued meanwhile, not resets them", async () => {
  const server = createSiteServer(
    Promise.resolve({
      listener: (request, response) => {
        request.resume();
        request.on("end", () => response.end("answered"));
      },
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const folder = mkdtempSync(join(tmpdir(), "busy-stop-"));
  const sentFile = join(folder, "sent");
  const client = spawn(
    process.execPath,
    ["--input-type=module", "--eval", visitors, String((server.address() as AddressInfo).port), "5", sentFile],
    {
      stdio: ["pipe", "pipe", "inherit"],
      timeout: 120_000, // a bound on a hang
    },
  );
  try {
    let output = "";
    client.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    await new Promise<void>((resolve) => client.stdout.once("data", () => resolve()));
    // The stop comes from a timer, as a signal can come in the same turn as the connections: the
    // loop runs it before it looks at its listening socket again.
    setTimeout(() => void closeSiteServer(server), 0);
    client.stdin.end("go\n");
    // This loop is busy (a page being compressed, say) while the five connect and send.
    const deadline = performance.now() + 60_000; // a bound on a hang, however busy the machine
    while (!existsSync(sentFile) && performance.now() < deadline) {
      // busy
    }
    expect(existsSync(sentFile)).toBe(true);
    await new Promise((resolve) => client.once("exit", resolve));
    expect(output.trim().split("\n")).toEqual(["ready", ...Array.from({ length: 5 }, () => "HTTP/1.1 200 OK answered")]);
    expect(server.listening).toBe(false);
  } finally {
    client.kill();
    server.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
