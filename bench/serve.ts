/**
 * The contest server under load (docs/contest.md, "A contest server"):
 * `havoc serve` with 2 workers on a Robo Battle Pigs contest; 50 entrants
 * (the Python and JavaScript starters under 50 names) submit one every few
 * seconds, then resubmit with their tokens; readers fetch the leaderboard,
 * entrants' pages and the JSON standing all along. Bounded: --minutes of
 * load (default 3). Prints the requests' latencies (p50, p99, max), the
 * submissions' (each is checked in the sandbox before it answers), matches
 * played per minute, and then kills the server (SIGKILL), starts it again
 * and checks that nothing written was lost. With --postgres the contest is
 * in a PostgreSQL of its own (bench/postgresServer.ts) rather than SQLite,
 * and --servers N starts N servers on it (one storage), --workers each,
 * the requests spread over them.
 *
 *   npm run build && node dist/bench/serve.js [--minutes 3] [--every 3] [--entrants 50] [--postgres] [--servers 1] [--workers 2]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { submitBot } from '../src/serve/client.js';
import { servedUrl } from '../src/serve/address.js';
import { startPostgres, type PostgresServer } from './postgresServer.js';

const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const MINUTES = arg('minutes', 3), EVERY = arg('every', 3), ENTRANTS = arg('entrants', 50), SERVERS = arg('servers', 1), WORKERS = arg('workers', 2);
const POSTGRES = process.argv.includes('--postgres');
if (SERVERS > 1 && !POSTGRES) throw new Error('--servers N needs --postgres (a SQLite file is one server\'s)');

const dir = mkdtempSync(join(tmpdir(), 'havoc-serve-bench-'));
chmodSync(dir, 0o755);
const contest = join(dir, 'contest.json'), storage = join(dir, 'storage');
let pg: PostgresServer | null = null;
let db = join(dir, 'contest.db');
writeFileSync(contest, JSON.stringify({ ruleset: 'rbp', bots: ['random'], seed: 'serve-bench', maxFaults: 20, budget: { ms: 1000, firstMs: 5000 } }));

// The entrants' folders: the starters under their own names.
const folders = Array.from({ length: ENTRANTS }, (_, i) => {
  const kind = i % 2 === 0 ? 'python' : 'javascript';
  const f = join(dir, 'bots', `e${i}`);
  cpSync(`bots/starters/${kind}`, f, { recursive: true });
  const m = JSON.parse(readFileSync(join(f, 'bot.json'), 'utf8')) as { name: string };
  writeFileSync(join(f, 'bot.json'), JSON.stringify({ ...m, name: `entrant-${String(i + 1).padStart(2, '0')}` }));
  return f;
});

async function start(): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['dist/src/cli/main.js', 'serve', contest, '--port', '0', '--db', db, '--storage', storage, '--workers', String(WORKERS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  const url = await servedUrl(proc, () => out);
  return { proc, url };
}

const status = async (url: string): Promise<{ done: number; queued: number; played: number }> => (await (await fetch(`${url}/api/status`)).json()) as { done: number; queued: number; played: number };
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.max(0, Math.ceil(p * s.length) - 1)] : NaN;
};
const line = (what: string, xs: number[]): string => `${what}: ${xs.length} answered, p50 ${pct(xs, 0.5).toFixed(1)} ms, p99 ${pct(xs, 0.99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;

async function main(): Promise<void> {
  if (POSTGRES) {
    pg = await startPostgres();
    db = pg.url;
  }
  const servers = await Promise.all(Array.from({ length: SERVERS }, () => start()));
  let server = servers[0];
  const urlOf = (i: number): string => servers[i % SERVERS].url;
  const t0 = Date.now(), end = t0 + MINUTES * 60_000;
  const done0 = (await status(server.url)).done;
  const pages: number[] = [], submits: number[] = [];
  let failed = 0, refused = 0;
  const tokens = new Map<number, string>();
  // Readers: the leaderboard, an entrant's page and the JSON standing, one after another, four at a time.
  const reader = async (k: number): Promise<void> => {
    for (let i = k; Date.now() < end; i++) {
      const path = ['/', `/entrants/entrant-${String((i % ENTRANTS) + 1).padStart(2, '0')}`, '/api/leaderboard'][i % 3];
      const a = performance.now();
      try {
        const r = await fetch(`${urlOf(i)}${path}`);
        await r.arrayBuffer();
        if (r.status >= 500) failed++;
        pages.push(performance.now() - a);
      } catch {
        failed++;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  // Submitters: a submission every EVERY seconds, the entrants in turn, again with their tokens once all are in.
  const submitter = async (): Promise<void> => {
    for (let i = 0; Date.now() < end; i++) {
      const e = i % ENTRANTS, a = performance.now();
      try {
        const r = await submitBot(urlOf(i), folders[e], { token: tokens.get(e) });
        if (r.token) tokens.set(e, r.token);
        if (!r.ok) refused++;
        submits.push(performance.now() - a);
      } catch (err) {
        failed++;
        process.stderr.write(`submission of entrant ${e + 1}: ${(err as Error).message}\n`);
      }
      const wait = EVERY * 1000 - (performance.now() - a);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };
  await Promise.all([submitter(), reader(0), reader(1), reader(2), reader(3)]);
  const s = await status(server.url);
  const minutes = (Date.now() - t0) / 60_000;
  // Killed at once, then started again: every match written stays, the queued ones are still queued.
  for (const x of servers) x.proc.kill('SIGKILL');
  await Promise.all(servers.map((x) => new Promise((r) => x.proc.once('exit', r))));
  server = await start();
  const after = await status(server.url);
  server.proc.kill('SIGTERM');
  await new Promise((r) => server.proc.once('exit', r));
  const out = [
    `havoc serve under load: ${ENTRANTS} entrants (Python and JavaScript starters), a submission every ${EVERY} s, ${POSTGRES ? `PostgreSQL, ${SERVERS} server${SERVERS > 1 ? 's' : ''}` : 'SQLite, 1 server'} of ${WORKERS} workers, ${minutes.toFixed(1)} minutes`,
    line('pages and JSON', pages),
    line(`submissions (each checked in the sandbox before it answers; ${submits.length - refused} passed, ${refused} refused)`, submits),
    `matches: ${s.done - done0} played in ${minutes.toFixed(1)} min = ${((s.done - done0) / minutes).toFixed(1)} a minute; ${s.queued} queued at the end`,
    `errors: ${failed} (5xx answers or requests that failed)`,
    `killed and started again: ${s.done} matches before, ${after.done} after (${after.done >= s.done ? 'nothing lost' : 'LOST SOME'}); ${after.queued} queued`,
  ];
  process.stdout.write(out.join('\n') + '\n');
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
}

main().catch(async (e) => {
  process.stderr.write(`${(e as Error).message}\n`);
  await pg?.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
  process.exitCode = 1;
});
