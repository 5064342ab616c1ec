import { execFileSync } from "node:child_process";
import { expect, test } from "vitest";

const postinstall = (userAgent: string) =>
  execFileSync(process.execPath, ["scripts/postinstall.ts"], {
    env: { ...process.env, npm_config_user_agent: userAgent },
    encoding: "utf8",
  });

test("npm install on an older Node.js explains its EBADENGINE warnings; on Node.js 24 it says nothing", () => {
  expect(postinstall("npm/11.19.1 node/v20.20.2 linux x64 workspaces/false")).toContain("EBADENGINE");
  expect(postinstall("npm/11.19.1 node/v20.20.2 linux x64 workspaces/false")).toContain("Node.js v20.20.2");
  expect(postinstall("npm/11.6.0 node/v24.21.0 linux x64 workspaces/false")).toBe("");
});
