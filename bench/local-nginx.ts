// Starts Debian's nginx (apt-get install nginx) with a configuration of its own, in a
// fresh folder that stop() removes: the benchmark serves a page with it, and the browser tests
// put it in front of the site as a reverse proxy.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** The site's nginx configuration as it ships (deploy/nginx/practice-site.conf). */
export function shippedConfig(): string {
  return readFileSync(new URL("../deploy/nginx/practice-site.conf", import.meta.url), "utf8");
}

/**
 * The shipped configuration with its ports and paths swapped for a local run, and nothing else
 * changed: what a test or the benchmark measures is what ships. `instances`: the two servers'
 * ports (the same one twice for one server); `https`: the site's server block with TLS and
 * HTTP/2 (`certificate` and `key` are files in `folder`), or plain HTTP/1.1 as wrk speaks it,
 * its TLS settings left in place unused. Each swap must find its text, so a change to the file
 * that a swap no longer fits fails loudly.
 */
export function shippedConfigFor(
  folder: string,
  options: { host: string; port: number; redirectPort: number; instances: [number, number]; https: boolean },
): string {
  const { host, port, redirectPort, instances, https } = options;
  const address = host.includes(":") ? `[${host}]` : host;
  const swaps: Array<[string, string]> = [
    ["127.0.0.1:3001", `127.0.0.1:${instances[0]}`],
    ["127.0.0.1:3002", `127.0.0.1:${instances[1]}`],
    ["/var/cache/nginx/practice-site", join(folder, "cache")],
    ["listen [::]:80;\n", ""],
    ["listen 80;", `listen ${address}:${redirectPort};`],
    ["listen [::]:443 ssl http2;\n", ""],
    ["listen 443 ssl http2;", https ? `listen ${address}:${port} ssl http2;` : `listen ${address}:${port};`],
    ["/etc/letsencrypt/live/www.example.com/fullchain.pem", join(folder, "cert.pem")],
    ["/etc/letsencrypt/live/www.example.com/privkey.pem", join(folder, "key.pem")],
    ["www.example.com", "localhost"],
  ];
  return swaps.reduce((config, [from, to]) => {
    if (!config.includes(from)) throw new Error(`deploy/nginx/practice-site.conf no longer has ${JSON.stringify(from)}`);
    return config.replaceAll(from, to);
  }, shippedConfig());
}

/** A self-signed certificate for localhost (a day's), made with openssl: `cert.pem` and `key.pem`. */
export function localhostCertificate(): { cert: string; key: string } {
  const folder = mkdtempSync(join(tmpdir(), "site-cert-"));
  try {
    const made = spawnSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
        ...["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-keyout", join(folder, "key.pem")],
        ...["-out", join(folder, "cert.pem")],
      ],
      { stdio: "ignore" },
    );
    if (made.status !== 0) throw new Error("openssl could not make a certificate");
    return { cert: readFileSync(join(folder, "cert.pem"), "utf8"), key: readFileSync(join(folder, "key.pem"), "utf8") };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The shipped configuration (shippedConfigFor) in front of `instances`, over plain HTTP at a free
 * port on 127.0.0.1: the production path the benchmark measures.
 */
export async function startShippedNginx(instances: [number, number]): Promise<LocalNginx> {
  const host = "127.0.0.1";
  const port = await freePort();
  const redirectPort = await freePort();
  const certificate = localhostCertificate();
  return startNginxWith({
    http: (folder) => shippedConfigFor(folder, { host, port, redirectPort, instances, https: false }),
    listensOn: { host, port },
    files: { "cert.pem": certificate.cert, "key.pem": certificate.key },
  });
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
