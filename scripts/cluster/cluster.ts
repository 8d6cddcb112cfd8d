/**
 * The scaled deployment on one machine, from Debian's packages and the checkout: PgBouncer
 * (transaction pooling, run as the postgres user) in front of the machine's PostgreSQL, Redis on
 * 127.0.0.1:6379, a fake OpenAI-compatible server that streams slowly, two API replicas
 * (apps/api/src/main.ts) and nginx with a configuration derived from deploy/nginx.conf. Used by the
 * cluster test (scripts/cluster-test.ts) and the load benchmark (bench/cluster-load.ts).
 * Node built-ins only: scripts/ is not a workspace package.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ClusterOptions {
  /** First of the ports used: nginx = base, PgBouncer = base+1, fake OpenAI = base+2, replicas base+11… */
  basePort?: number;
  replicas?: number;
  /** Delay between streamed tokens of the fake OpenAI server (ms). */
  tokenDelayMs?: number;
  /** Extra environment for every replica. */
  replicaEnv?: Record<string, string>;
  log?: (line: string) => void;
}

export interface Replica {
  name: string;
  url: string;
  port: number;
  pid(): number | undefined;
  /** Graceful stop (SIGTERM: drain, close the pool) or a hard kill; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  start(): Promise<void>;
  /** CPU seconds (user + system) the current process has used. */
  cpuSeconds(): number;
}

export interface Cluster {
  url: string;
  directDatabaseUrl: string;
  pooledDatabaseUrl: string;
  /** The fake OpenAI server (POST /__configure switches its reply). */
  openaiUrl: string;
  replicas: Replica[];
  dir: string;
  psql(sqlText: string): string;
  /** The end of every log the cluster's processes wrote. */
  logs(): string;
  stop(): Promise<void>;
}

const PG = { host: "127.0.0.1", port: 5432, user: "postgres" };

function psql(database: string, sqlText: string): string {
  return execFileSync(
    "psql",
    ["-h", PG.host, "-p", String(PG.port), "-U", PG.user, "-d", database, "-Atqc", sqlText],
    { encoding: "utf8", env: { ...process.env, PGOPTIONS: "-c client_min_messages=warning" } },
  ).trim();
}

function sbin(name: string): string {
  for (const dir of ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"]) {
    try {
      execFileSync("test", ["-x", `${dir}/${name}`]);
      return `${dir}/${name}`;
    } catch {
      // next
    }
  }
  throw new Error(`${name} is not installed (apt-get install -y ${name})`);
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

const ok = (url: string) => fetch(url, { signal: AbortSignal.timeout(2000) }).then((res) => res.ok);

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

function tailLogs(dir: string): string {
  const files = [
    "pgbouncer/pgbouncer.log",
    "fake-openai.log",
    "replica-A.log",
    "replica-B.log",
    "nginx/error.log",
  ];
  return files
    .map((file) => {
      try {
        return `--- ${file}\n${readFileSync(path.join(dir, file), "utf8").slice(-3000)}`;
      } catch {
        return `--- ${file}: not written`;
      }
    })
    .join("\n");
}

/** nginx's site: deploy/nginx.conf with local upstreams, a loopback port and a test edge. */
export function deriveNginxSite(source: string, listenPort: number, upstreamPorts: number[]): string {
  const upstream = `upstream parley_api {\n${upstreamPorts.map((p) => `  server 127.0.0.1:${p};`).join("\n")}\n}`;
  let site = source.replace(/upstream\s+parley_api\s*\{[^}]*\}/, upstream);
  if (site === source) throw new Error("deploy/nginx.conf has no `upstream parley_api { … }` block");
  site = site.replace(/listen\s+[^;]+;/, `listen 127.0.0.1:${listenPort};`);
  // The web build's files from this checkout (served by nginx with gzip_static, as a deployment that
  // mounts the build at /srv/parley/web).
  site = site.replaceAll("/srv/parley/web", path.join(repoRoot, "apps/web/dist"));
  // The test client plays many visitors: nginx takes their address from X-Forwarded-For sent over
  // loopback (as an edge in front would), and says which replica answered.
  site = site.replace(
    /server\s*\{/,
    `server {\n  set_real_ip_from 127.0.0.1;\n  real_ip_header X-Forwarded-For;\n  add_header X-Parley-Upstream $upstream_addr always;`,
  );
  return site;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  const base = options.basePort ?? 5300;
  const ports = { nginx: base, pgbouncer: base + 1, openai: base + 2 };
  const replicaPorts = Array.from({ length: options.replicas ?? 2 }, (_, i) => base + 11 + i);
  const dir = mkdtempSync(path.join(tmpdir(), "parley-cluster-"));
  chmodSync(dir, 0o777);
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  const database = `parley_cluster_${process.pid}`;
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));

  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        log(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    cleanups.length = 0;
  };
  const spawnLogged = (
    name: string,
    command: string,
    args: string[],
    extra: Parameters<typeof spawn>[2] = {},
  ) => {
    const out = openSync(path.join(dir, `${name}.log`), "a");
    const child = spawn(command, args, { cwd: repoRoot, stdio: ["ignore", out, out], ...extra });
    children.push(child);
    return child;
  };
  const kill = async (child: ChildProcess, signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited(child);
    clearTimeout(timer);
  };

  try {
    psql("postgres", `drop database if exists ${database} with (force)`);
    psql("postgres", `create database ${database}`);
    cleanups.push(() => {
      psql("postgres", `drop database if exists ${database} with (force)`);
    });

    // PgBouncer refuses to run as root: its files live in a directory the postgres user owns.
    const bouncerDir = path.join(dir, "pgbouncer");
    mkdirSync(bouncerDir);
    writeFileSync(path.join(bouncerDir, "userlist.txt"), `"postgres" ""\n`);
    writeFileSync(
      path.join(bouncerDir, "pgbouncer.ini"),
      [
        "[databases]",
        `* = host=${PG.host} port=${PG.port}`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${ports.pgbouncer}`,
        "unix_socket_dir =",
        "auth_type = trust",
        `auth_file = ${bouncerDir}/userlist.txt`,
        "pool_mode = transaction",
        "ignore_startup_parameters = extra_float_digits",
        "max_client_conn = 2000",
        "default_pool_size = 16",
        `logfile = ${bouncerDir}/pgbouncer.log`,
        "",
      ].join("\n"),
    );
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(bouncerDir, uid, gid);
    for (const file of ["userlist.txt", "pgbouncer.ini"]) chownSync(path.join(bouncerDir, file), uid, gid);
    const bouncer = spawnLogged("pgbouncer", sbin("pgbouncer"), [path.join(bouncerDir, "pgbouncer.ini")], {
      uid,
      gid,
    });
    cleanups.push(() => kill(bouncer));
    const pooledDatabaseUrl = `postgres://postgres@127.0.0.1:${ports.pgbouncer}/${database}`;
    await waitFor("PgBouncer", async () => {
      execFileSync("psql", [pooledDatabaseUrl, "-Atqc", "select 1"], { stdio: "ignore" });
      return true;
    });
    log(`PgBouncer 127.0.0.1:${ports.pgbouncer} (transaction pooling) → PostgreSQL ${PG.host}:${PG.port}`);

    const fake = spawnLogged(
      "fake-openai",
      process.execPath,
      ["--import", "tsx", "packages/ai/test/fake-openai.ts", "--port", String(ports.openai)],
      { env: { ...process.env, FAKE_TOKEN_DELAY_MS: String(options.tokenDelayMs ?? 25) } },
    );
    cleanups.push(() => kill(fake));
    await waitFor("fake OpenAI", async () => {
      const res = await fetch(`http://127.0.0.1:${ports.openai}/v1/nothing`);
      return res.status === 404;
    });

    const replicas = replicaPorts.map((port, index): Replica => {
      const name = String.fromCharCode(65 + index);
      let child: ChildProcess | undefined;
      const url = `http://127.0.0.1:${port}`;
      const env = {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: pooledDatabaseUrl,
        DATABASE_POOLING: "transaction",
        REDIS_URL: "redis://127.0.0.1:6379",
        // Interview ids start at 1 in every run's new database: keep each run's counters apart.
        REDIS_KEY_PREFIX: `${database}:`,
        TRUST_PROXY: "1",
        LOG_LEVEL: "warn",
        DATA_DIR: path.join(dir, `data-${name}`),
        OPENAI_API_KEY: "cluster-test",
        OPENAI_BASE_URL: `http://127.0.0.1:${ports.openai}/v1`,
        APP_ORIGIN: `http://127.0.0.1:${ports.nginx}`,
        ...options.replicaEnv,
      };
      const replica: Replica = {
        name,
        url,
        port,
        pid: () => child?.pid,
        async start() {
          child = spawnLogged(
            `replica-${name}`,
            process.execPath,
            ["--import", "tsx", "apps/api/src/main.ts"],
            {
              env,
            },
          );
          const started = child;
          await waitFor(`replica ${name}`, async () => {
            if (started.exitCode !== null) throw new Error(`replica ${name} exited with ${started.exitCode}`);
            return ok(`${url}/api/ready`);
          });
        },
        async stop(signal = "SIGTERM") {
          const running = child;
          if (!running) return null;
          running.kill(signal);
          return exited(running);
        },
        cpuSeconds() {
          const pid = child?.pid;
          if (!pid) return 0;
          try {
            const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
            return (Number(fields[11]) + Number(fields[12])) / 100;
          } catch {
            return 0;
          }
        },
      };
      cleanups.push(async () => {
        if (child) await kill(child);
      });
      return replica;
    });
    // Both at once on the empty database: the migration lock lets exactly one apply them.
    await Promise.all(replicas.map((replica) => replica.start()));
    log(
      `replicas ${replicas.map((r) => `${r.name} ${r.url}`).join(", ")} (DATABASE_POOLING=transaction, Redis)`,
    );

    const nginxDir = path.join(dir, "nginx");
    mkdirSync(nginxDir);
    chmodSync(nginxDir, 0o777);
    const site = deriveNginxSite(
      readFileSync(path.join(repoRoot, "deploy/nginx.conf"), "utf8"),
      ports.nginx,
      replicaPorts,
    );
    writeFileSync(path.join(nginxDir, "site.conf"), site);
    const temp = (name: string) => `${name}_temp_path ${nginxDir}/${name};`;
    writeFileSync(
      path.join(nginxDir, "nginx.conf"),
      [
        "daemon off;",
        "worker_processes 1;",
        `pid ${nginxDir}/nginx.pid;`,
        `error_log ${nginxDir}/error.log warn;`,
        "events { worker_connections 4096; }",
        "http {",
        "  access_log off;",
        `  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}`,
        `  include ${nginxDir}/site.conf;`,
        "}",
        "",
      ].join("\n"),
    );
    const nginx = spawnLogged("nginx", sbin("nginx"), [
      "-c",
      path.join(nginxDir, "nginx.conf"),
      "-p",
      nginxDir,
      "-e",
      path.join(nginxDir, "error.log"),
    ]);
    cleanups.push(() => kill(nginx, "SIGQUIT"));
    const url = `http://127.0.0.1:${ports.nginx}`;
    await waitFor("nginx", () => ok(`${url}/api/health`));
    log(`nginx ${url} (derived from deploy/nginx.conf; round robin, no sticky sessions)`);

    return {
      url,
      directDatabaseUrl: `postgres://postgres@${PG.host}:${PG.port}/${database}`,
      pooledDatabaseUrl,
      openaiUrl: `http://127.0.0.1:${ports.openai}`,
      replicas,
      dir,
      psql: (sqlText) => psql(database, sqlText),
      logs: () => tailLogs(dir),
      stop,
    };
  } catch (error) {
    log("cluster start failed");
    log(tailLogs(dir));
    await stop();
    throw error;
  }
}
