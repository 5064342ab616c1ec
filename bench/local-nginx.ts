// Starts Debian's nginx (apt-get install nginx) with a configuration of its own, in a
// fresh folder that stop() removes: the benchmark serves a page with it, and the browser tests
// put it in front of the site as a reverse proxy.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./local-server.ts";

export type LocalNginx = { port: number; folder: string; stop(): void };

/** Where nginx is: on the PATH, or where Debian puts it (/usr/sbin is not on every user's PATH). */
function nginxBinary(): string | null {
  if (spawnSync("sh", ["-c", "command -v nginx"]).status === 0) return "nginx";
  return existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : null;
}

export function hasNginx(): boolean {
  return nginxBinary() !== null;
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

/**
 * nginx listening on `host` (127.0.0.1 unless given) at a free port, with `server` as the body
 * of its one server block (after `listen`); `files` are written into its folder first.
 */
export async function startNginx(options: {
  server: (folder: string) => string;
  host?: string;
  files?: Record<string, string | Buffer>;
}): Promise<LocalNginx> {
  const host = options.host ?? "127.0.0.1";
  const port = await freePort();
  return startNginxWith({
    ...options,
    listensOn: { host, port },
    http: (folder) => `server {
    listen ${host.includes(":") ? `[${host}]` : host}:${port};
    ${options.server(folder)}
  }`,
  });
}

/**
 * nginx with `http` as what its http block holds (upstreams, servers: a site's configuration
 * as Debian's sites-enabled has it), once it accepts connections at `listensOn`.
 */
export async function startNginxWith(options: {
  http: (folder: string) => string;
  listensOn: { host: string; port: number };
  files?: Record<string, string | Buffer>;
}): Promise<LocalNginx> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error("nginx is not installed: apt-get install nginx");
  const { host, port } = options.listensOn;
  const folder = mkdtempSync(join(tmpdir(), "site-nginx-"));
  for (const [name, content] of Object.entries(options.files ?? {})) writeFileSync(join(folder, name), content);
  const config = join(folder, "nginx.conf");
  writeFileSync(
    config,
    `worker_processes auto;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${folder};
  proxy_temp_path ${folder};
  fastcgi_temp_path ${folder};
  uwsgi_temp_path ${folder};
  scgi_temp_path ${folder};
  ${options.http(folder)}
}
`,
  );
  const started = spawnSync(nginx, ["-c", config, "-p", folder]);
  if (started.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`nginx did not start: ${started.stderr}`);
  }
  const stop = () => {
    spawnSync(nginx, ["-c", config, "-p", folder, "-s", "stop"]);
    rmSync(folder, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 10_000; !(await accepts(host, port)); ) {
    if (Date.now() > deadline) {
      stop();
      throw new Error(`nginx did not listen on ${host}:${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port, folder, stop };
}
