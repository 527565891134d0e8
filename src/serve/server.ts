/**
 * `havoc serve`: the contest's HTTP server (Fastify) over its database and
 * storage, and the coordinator that keeps the ladder playing. Every refusal
 * is one line naming what and where (HTTP 400, 403 for a missing token, 404
 * for what is not there), as JSON to a client that asks for it
 * (`havoc submit`) and as a page to a browser.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { canonicalJson } from '../core/json.js';
import { HavocError } from '../core/errors.js';
import { esc } from '../report/htmlKit.js';
import { loadServedContest, type ServedContest } from './contest.js';
import { openContestDb, type ContestDb } from './db.js';
import { sharedStorage } from './sharedStorage.js';
import { isPostgresUrl } from './sql.js';
import { Coordinator } from './coordinator.js';
import { organiserToken, requestToken, viewerOf, type Viewer } from './access.js';
import { takeSubmission } from './submissions.js';
import type { Upload } from './storage.js';
import { leaderboardPage, organiserPage, replayPage, standings, submitPage, submittedPage } from './pages.js';
import { entrantPage } from './entrantPage.js';
import { shell } from './pageShell.js';
import { leaseTask, submissionArchive, takeResult, type RemoteResult } from './remote.js';
import { QueueFeed } from './queueFeed.js';
import type { QueueConnection } from '../queue/connection.js';

export interface ServerOptions {
  readonly contest: string;
  readonly port: number;
  readonly host: string;
  /** The database: a SQLite file, or a PostgreSQL URL (postgres://USER@HOST:PORT/NAME) several servers may share. */
  readonly db: string;
  /** The storage folder (submissions, replays, the organiser's token): default FILE.files/ beside a SQLite file; required with PostgreSQL. */
  readonly storage?: string;
  readonly workers: number;
  readonly organiserToken?: string;
  readonly say?: (line: string) => void;
  /** The Redis queue whose workers (havoc worker) play its matches too (queueFeed.ts), or none. */
  readonly queue?: QueueConnection;
}

export interface Served {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly coordinator: Coordinator;
  readonly organiser: { readonly token: string; readonly file: string | null; readonly made: boolean };
  close(): Promise<void>;
}

/**
 * Refuses a storage the sandboxed bots cannot reach: run as root, the arena starts each bot as a user of its own
 * (sandbox/bubblewrap.ts), which must pass through every folder above the submissions (o+x) to read them.
 */
function checkReachable(storage: string): void {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  for (let d = resolve(storage); ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) throw new HavocError('ERR_SERVE', storage, `the sandboxed bots (each run as a user of its own) cannot reach the submissions: ${d} is not searchable by others (chmod o+x ${d}, or choose another --db)`);
    if (dirname(d) === d) return;
  }
}

/** The storage folder of a database file. */
export const storageOf = (db: string): string => `${db}.files`;

/** The contest's settings kept in the database: a restart with another contest file's settings is refused (so is a second server with another file). */
async function keepContest(db: ContestDb, c: ServedContest): Promise<void> {
  const settings = canonicalJson({ ...c.run, bots: null, name: null });
  if ((await db.settingOnce('contest', settings)) !== settings) throw new HavocError('ERR_SERVE', db.where, `holds a contest with other settings than ${c.file} (its games were played so): serve it with its own file, or use another --db`);
}

/** The house bots as entrants, each with one submission that needs no check (in one transaction: two servers starting at once add them once). */
function addHouse(db: ContestDb, c: ServedContest): Promise<void> {
  return db.alone(async (tx) => {
    for (const h of c.house) {
      if (await tx.entrant(h.name)) continue;
      const now = new Date().toISOString();
      await tx.addEntrant({ name: h.name, token: null, author: null, house: 1, created: now });
      await tx.addSubmission({ id: await tx.reserveSubmissionId(), entrant: h.name, at: now, dir: null, spec: h.spec, language: null, sha256: '', ok: 1, report: JSON.stringify({ ok: true, problem: null, games: [], meanMs: 0, maxMs: 0, decisions: 0 }) });
    }
  });
}

const wantsJson = (req: FastifyRequest): boolean => (req.headers.accept ?? '').includes('application/json');

/** Starts the server; resolves once it listens and the ladder has started. */
export async function serve(o: ServerOptions): Promise<Served> {
  const contest = await loadServedContest(o.contest);
  if (o.storage === undefined && isPostgresUrl(o.db)) throw new HavocError('ERR_ARGS', '--storage', "needed with a PostgreSQL database: the folder every server of the contest shares (docs/contest.md, \"Several servers on one contest\")");
  const storage = o.storage ?? storageOf(o.db);
  mkdirSync(join(storage, 'submissions'), { recursive: true, mode: 0o755 });
  checkReachable(join(storage, 'submissions'));
  const db = await openContestDb(o.db);
  try {
    await keepContest(db, contest);
    await sharedStorage(db, storage);
    await addHouse(db, contest);
    // A SQLite file is one server's: whatever was claimed, its previous process claimed (and is gone).
    if (db.engine === 'sqlite') await db.releaseClaims(null);
  } catch (e) {
    await db.close();
    throw e;
  }
  const organiser = await organiserToken(db, storage, o.organiserToken);
  const c = new Coordinator(db, contest, storage, o.workers, o.say);
  const s = contest.serve;
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: s.uploadKb * 1024, files: s.files, fields: 8, fieldSize: 4096, parts: s.files + 8 } });

  const viewer = (req: FastifyRequest): Promise<Viewer> => viewerOf(db, requestToken(req.headers, req.query));
  const html = (reply: FastifyReply, page: string): FastifyReply => reply.type('text/html; charset=utf-8').send(page);
  const refuse = (code: 'ERR_ACCESS', where: string, problem: string): never => {
    throw new HavocError(code, where, problem);
  };
  const needOrganiser = async (req: FastifyRequest): Promise<void> => {
    if (!(await viewer(req)).organiser) refuse('ERR_ACCESS', req.url.split('?')[0], "the organiser's page: open it with ?token=ORGANISER_TOKEN (havoc serve printed it, or its storage's organiser-token file)");
  };
  const mayWatch = async (req: FastifyRequest, names: readonly string[]): Promise<boolean> => {
    const v = await viewer(req);
    return s.publicReplays || v.organiser || (v.entrant !== null && names.includes(v.entrant));
  };
  // A valid token in the address is kept as a cookie, so the pages that follow know who is reading.
  app.addHook('onRequest', async (req, reply) => {
    const t = (req.query as { token?: unknown } | null)?.token;
    if (typeof t === 'string' && t) {
      const v = await viewerOf(db, t);
      if (v.organiser || v.entrant) reply.header('set-cookie', `havoc_token=${encodeURIComponent(t)}; Path=/; HttpOnly; SameSite=Strict`);
    }
  });
  app.setErrorHandler((e: Error & { statusCode?: number; code?: string }, req, reply) => {
    const he = e instanceof HavocError ? e : null;
    const status = he ? (he.code === 'ERR_ACCESS' ? 403 : 400) : (e.statusCode ?? 500);
    const message = he
      ? he.message
      : e.code === 'FST_REQ_FILE_TOO_LARGE'
        ? `upload: a file is larger than the contest's limit (${s.uploadKb} KiB)`
        : e.code === 'FST_FILES_LIMIT' || e.code === 'FST_PARTS_LIMIT'
          ? `upload: more than the contest's limit of ${s.files} files`
          : status < 500
            ? e.message
            : `the server failed: ${e.message}`;
    if (status >= 500) o.say?.(`${req.method} ${req.url}: ${e.stack ?? e.message}`);
    if (wantsJson(req)) return reply.status(status).send({ error: message });
    return reply.status(status).type('text/html; charset=utf-8').send(shell(contest.name, status === 403 ? 'Not allowed' : 'Refused', `<p class="bad">${esc(message)}</p>`));
  });
  app.setNotFoundHandler((req, reply) => {
    if (wantsJson(req)) return reply.status(404).send({ error: `${req.url}: no such page` });
    return reply.status(404).type('text/html; charset=utf-8').send(shell(contest.name, 'Not found', `<p>${esc(req.url)}: no such page.</p>`));
  });
  const notFound = (reply: FastifyReply, what: string): FastifyReply => reply.status(404).type('text/html; charset=utf-8').send(shell(contest.name, 'Not found', `<p>${esc(what)}.</p>`));

  const publicBoard = async (req: FastifyRequest): Promise<void> => {
    const v = await viewer(req);
    if (!s.publicLeaderboard && !v.organiser && !v.entrant) refuse('ERR_ACCESS', req.url.split('?')[0], 'this contest shows its leaderboard to its entrants: open it with ?token=YOUR_TOKEN');
  };

  app.get('/', async (req, reply) => {
    await publicBoard(req);
    return html(reply, await leaderboardPage(c));
  });
  app.get('/api/leaderboard', async (req) => {
    await publicBoard(req);
    return { contest: contest.name, ruleset: contest.run.ruleset, ...(await db.counts()), frozen: await c.frozen(), standings: await standings(c) };
  });
  app.get('/api/status', async () => ({ ...(await db.counts()), played: c.played, discarded: c.discarded, frozen: await c.frozen(), paused: await c.paused() }));
  app.get('/entrants/:name', async (req, reply) => {
    await publicBoard(req);
    const page = await entrantPage(c, (req.params as { name: string }).name, await viewer(req));
    return page ? html(reply, page) : notFound(reply, 'no such entrant');
  });
  const matchOf = async (req: FastifyRequest) => {
    const m = await db.match((req.params as { id: string }).id);
    if (!m || m.state !== 'done') return null;
    return { m, names: [(await db.submission(m.s0))!.entrant, (await db.submission(m.s1))!.entrant] };
  };
  app.get('/matches/:id', async (req, reply) => {
    const x = await matchOf(req);
    if (!x || !x.m.replay) return notFound(reply, 'no such match');
    if (!(await mayWatch(req, x.names))) refuse('ERR_ACCESS', `match ${x.m.id}`, "this contest shows a replay to its two entrants and the organiser: open it with your token");
    return html(reply, await replayPage(c, x.m));
  });
  app.get('/matches/:id/replay.jsonl', async (req, reply) => {
    const x = await matchOf(req);
    if (!x || !x.m.replay) return notFound(reply, 'no such match');
    if (!(await mayWatch(req, x.names))) refuse('ERR_ACCESS', `match ${x.m.id}`, 'this contest shows a replay to its two entrants and the organiser');
    // The bots by their entrants' names: the storage's paths stay on the server.
    const [head, ...rest] = readFileSync(join(storage, x.m.replay), 'utf8').split('\n');
    const h = JSON.parse(head) as { header: { bots: string[] } };
    h.header.bots = x.names;
    return reply.type('application/x-ndjson').send([JSON.stringify(h), ...rest].join('\n'));
  });
  app.get('/matches/:id/stderr/:seat', async (req, reply) => {
    const x = await matchOf(req);
    const seat = Number((req.params as { seat: string }).seat);
    if (!x || !(seat === 0 || seat === 1)) return notFound(reply, 'no such match');
    const v = await viewer(req);
    if (!v.organiser && v.entrant !== x.names[seat]) refuse('ERR_ACCESS', `match ${x.m.id} seat ${seat}`, "a bot's stderr is shown to its entrant (with its token) and the organiser");
    const text = await db.log(x.m.id, seat);
    return text === null ? notFound(reply, 'no stderr') : reply.type('text/plain; charset=utf-8').send(text);
  });

  app.get('/submit', async (req, reply) => html(reply, await submitPage(c, await viewer(req))));
  app.post('/submit', async (req, reply) => {
    if (!req.isMultipart()) throw new HavocError('ERR_UPLOAD', 'submission', 'send the files as multipart/form-data (the web form, or havoc submit)');
    const parts: Upload[] = [];
    const fields: Record<string, string> = {};
    for await (const p of req.parts()) {
      if (p.type === 'file') {
        const data = await p.toBuffer();
        if (p.filename) parts.push({ filename: p.filename, data });
      } else fields[p.fieldname] = String(p.value ?? '');
    }
    const token = fields.token?.trim() || requestToken(req.headers, req.query);
    const r = await takeSubmission(c, parts, token, fields.name);
    const given = r.token ?? token;
    if (given) reply.header('set-cookie', `havoc_token=${encodeURIComponent(given)}; Path=/; HttpOnly; SameSite=Strict`);
    if (wantsJson(req)) return { entrant: r.entrant, submission: r.submission, token: r.token, ok: r.check.ok, check: r.check, files: r.files, page: `/entrants/${encodeURIComponent(r.entrant)}` };
    return html(reply.status(r.check.ok ? 200 : 422), submittedPage(c, r.entrant, r.submission, r.token, r.check, r.files));
  });

  // Remote workers (havoc serve-worker): the organiser's token.
  const workerName = (req: FastifyRequest): string => {
    const w = (req.query as { worker?: unknown } | null)?.worker;
    return typeof w === 'string' && /^[\w.:-]{1,80}$/.test(w) ? w : 'remote';
  };
  app.get('/api/worker/task', async (req, reply) => {
    await needOrganiser(req);
    const t = await leaseTask(c, workerName(req));
    return t ?? reply.status(204).send();
  });
  app.get('/api/worker/submissions/:id', async (req, reply) => {
    await needOrganiser(req);
    const sub = await db.submission(Number((req.params as { id: string }).id));
    if (!sub || sub.dir === null) return notFound(reply, 'no such submission');
    return reply.type('application/gzip').send(await submissionArchive(c, sub));
  });
  app.post('/api/worker/result/:id', { bodyLimit: 64 * 1024 * 1024 }, async (req) => {
    await needOrganiser(req);
    const body = req.body as RemoteResult | null;
    if (!body || typeof body.replay !== 'string' || typeof body.result !== 'object') throw new HavocError('ERR_ARGS', 'result', 'send {"result": …, "replay": "…"} as JSON');
    return { written: await takeResult(c, (req.params as { id: string }).id, body, workerName(req)) };
  });

  app.get('/organiser', async (req, reply) => {
    await needOrganiser(req);
    return html(reply, await organiserPage(c));
  });
  const act = (path: string, fn: (body: Record<string, string>) => Promise<unknown>): void => {
    app.post(`/organiser/${path}`, async (req, reply) => {
      await needOrganiser(req);
      await fn((req.body ?? {}) as Record<string, string>);
      return wantsJson(req) ? { ok: true, ...(await db.counts()), frozen: await c.frozen(), paused: await c.paused() } : reply.redirect('/organiser', 303);
    });
  };
  act('freeze', () => db.setSetting('frozen', '1'));
  act('unfreeze', () => db.setSetting('frozen', '0'));
  act('pause', () => db.setSetting('paused', '1'));
  act('resume', async () => {
    await db.setSetting('paused', '0');
    c.pump();
  });
  act('final', async (b) => {
    const top = Number(b.top ?? 4), games = Number(b.games ?? 10);
    if (!(Number.isInteger(top) && top >= 2)) throw new HavocError('ERR_ARGS', 'top', `must be a whole number ≥ 2, not ${JSON.stringify(b.top)}`);
    if (!(Number.isInteger(games) && games >= 2 && games % 2 === 0)) throw new HavocError('ERR_ARGS', 'games', `must be an even whole number ≥ 2 (seat-swapped), not ${JSON.stringify(b.games)}`);
    await db.setSetting('frozen', '1');
    await c.startFinal(top, games);
  });

  try {
    await app.listen({ port: o.port, host: o.host });
  } catch (e) {
    await c.close();
    await db.close();
    throw new HavocError('ERR_SERVE', `${o.host}:${o.port}`, `cannot listen: ${(e as Error).message}`);
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : o.port;
  // Named by its machine and port: the same server started again takes back its own claims (coordinator.ts).
  await c.listening(`${hostname()}:${port}`);
  const feed = o.queue ? new QueueFeed(c, o.queue, o.say) : null;
  feed?.start();
  return {
    url: `http://${o.host === '0.0.0.0' ? '127.0.0.1' : o.host}:${port}`,
    app,
    coordinator: c,
    organiser,
    close: async () => {
      await app.close();
      await feed?.close();
      await c.close();
      await db.close();
    },
  };
}
