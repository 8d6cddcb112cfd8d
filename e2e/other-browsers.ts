import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { Builder, type WebDriver } from "selenium-webdriver";

/**
 * Debian's WebKitGTK MiniBrowser, driven by WebKitWebDriver under a private Xvfb display, stands in
 * for Safari (TESTING-NOTES.md). `.ci/run` installs xvfb and webkit2gtk-driver when missing.
 */
export const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
export const FIREFOX_ESR = "/usr/bin/firefox-esr";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForReady(url: string, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

function stopProcess(child: ChildProcess | undefined) {
  if (child && child.exitCode === null) child.kill("SIGTERM");
}

/** A MiniBrowser session with these extra arguments; `close()` ends it, the driver and the display. */
export async function startWebKit(
  args: string[],
): Promise<{ driver: WebDriver; close: () => Promise<void> }> {
  if (!existsSync(MINIBROWSER))
    throw new Error(`${MINIBROWSER} is missing: apt-get install -y webkit2gtk-driver`);
  // -displayfd: Xvfb picks a free display and writes its number, so parallel runs never collide.
  const xvfb = spawn("Xvfb", ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  let webDriver: ChildProcess | undefined;
  try {
    const display = await new Promise<string>((resolve, reject) => {
      xvfb.once("error", reject);
      xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code})`)));
      xvfb.stdout?.once("data", (data) => resolve(String(data).trim()));
    });
    const port = await freePort();
    webDriver = spawn("WebKitWebDriver", [`--port=${port}`], {
      env: { ...process.env, DISPLAY: `:${display}` },
      stdio: "ignore",
    });
    await waitForReady(`http://127.0.0.1:${port}/status`, 10_000);
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: "MiniBrowser",
        "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation", ...args] },
      })
      .build();
    const started = webDriver;
    return {
      driver,
      close: async () => {
        await driver.quit().catch(() => {});
        stopProcess(started);
        stopProcess(xvfb);
      },
    };
  } catch (error) {
    stopProcess(webDriver);
    stopProcess(xvfb);
    throw error;
  }
}

/** Polls a condition in the test (not in the page) until it holds. */
export async function eventually<T>(
  read: () => Promise<T>,
  holds: (value: T) => boolean,
  { timeout = 15_000, what = "condition" }: { timeout?: number; what?: string } = {},
): Promise<T> {
  const until = Date.now() + timeout;
  let last: T = await read();
  while (!holds(last)) {
    if (Date.now() > until)
      throw new Error(`Timed out waiting for ${what}; last seen: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}
