// How long POST /api/auth/forgot-password takes for an email that has an account and for one that
// has none (issue 12: the two must not be told apart by timing). Requests alternate between the two
// kinds in pairs; prints medians, p90s and the median of the per-pair differences.
// Usage: npx tsx bench/forgot-password.ts [pairs=200]
import { benchDatabase, percentile, register, startServer } from "./lib";

const pairs = Number(process.argv[2] ?? 200);
const database = await benchDatabase("forgot");
const server = await startServer({ DATABASE_URL: database.url });
try {
  const known: string[] = [];
  for (let i = 0; i < 20; i += 1) {
    const email = `known${i}@bench.test`;
    await register(server.url, email);
    known.push(email);
  }
  const ask = async (email: string) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/auth/forgot-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    await res.text();
    if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
    return performance.now() - started;
  };
  // Warm-up: JIT and connections.
  for (let i = 0; i < 20; i += 1) await ask(`warm${i}@bench.test`);
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  const differences: number[] = [];
  for (let i = 0; i < pairs; i += 1) {
    // Alternate which goes first so neither kind always follows the other.
    const a = i % 2 === 0;
    const first = await ask(a ? (known[i % known.length] as string) : `nobody${i}@bench.test`);
    const second = await ask(a ? `nobody${i}@bench.test` : (known[i % known.length] as string));
    const [k, u] = a ? [first, second] : [second, first];
    knownMs.push(k);
    unknownMs.push(u);
    differences.push(k - u);
  }
  const line = (name: string, values: number[]) =>
    `${name}: median ${percentile(values, 50).toFixed(2)} ms, p90 ${percentile(values, 90).toFixed(2)} ms`;
  console.log(`forgot-password, ${pairs} pairs`);
  console.log(line("  known email  ", knownMs));
  console.log(line("  unknown email", unknownMs));
  console.log(
    `  known − unknown, per pair: median ${percentile(differences, 50).toFixed(2)} ms (p10 ${percentile(differences, 10).toFixed(2)}, p90 ${percentile(differences, 90).toFixed(2)})`,
  );
} finally {
  await server.stop();
  await database.drop();
}
