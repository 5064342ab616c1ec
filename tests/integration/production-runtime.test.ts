import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { productionAllocatorEnv, productionNodeFlags } from "../../bench/local-server.ts";

// Production starts the server three ways (npm start, npm run serve, the systemd unit), and the
// benches start it a fourth (bench/local-server.ts): all four with the same memory settings, or
// the bench's idle memory would not be what a deployment uses (docs/decisions/038-http-loops.md).

const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
const unit = readFileSync("deploy/systemd/practice-site@.service", "utf8");
const allocator = Object.entries(productionAllocatorEnv).map(([name, value]) => `${name}=${value}`);

describe("the server's memory settings", () => {
  test.each(["start", "serve"])("npm run %s sets the allocator and passes the Node.js flags", (name) => {
    const command = scripts[name]!;
    for (const setting of allocator) expect(command).toContain(setting);
    expect(command).toMatch(new RegExp(`\\bnode ${productionNodeFlags.join(" ")} \\S+\\.ts$`));
  });

  test("the systemd unit does too", () => {
    for (const setting of allocator) expect(unit).toMatch(new RegExp(`^Environment=.*\\b${setting}\\b`, "m"));
    expect(unit).toMatch(new RegExp(`^ExecStart=\\S+/node ${productionNodeFlags.join(" ")} server\\.ts$`, "m"));
  });
});
