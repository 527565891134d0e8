/**
 * Workers on other machines, as Halite's coordinator has them: a worker
 * (`havoc serve-worker URL`) asks the server for a match, fetches the two
 * submissions it does not hold yet, plays the match in its own sandbox and
 * posts the result and replay back. A match handed out is leased for
 * `serve.leaseSeconds`: a worker killed mid-match leaves it queued, and it is
 * handed out again when the lease ends; its result is written once, whoever
 * plays it (db.ts). Workers carry the organiser's token.
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { RunConfig } from '../config/types.js';
import type { Coordinator } from './coordinator.js';
import type { SubmissionRow } from './db.js';
import type { PlayResult } from './play.js';
import { replayFile } from './play.js';
import { writeTar } from './tar.js';

/** A seat of a leased match: the submission, and its spec on the server (a built-in's name needs no files). */
export interface RemoteSeat {
  readonly name: string;
  readonly submission: number;
  readonly sha256: string;
  /** The spec as the server names it (its replays name it so, for `havoc replay --verify` there). */
  readonly spec: string;
  /** Whether the worker fetches its files (false: a house bot named by a built-in's name). */
  readonly files: boolean;
}

/** What a worker is handed. */
export interface RemoteTask {
  readonly id: string;
  readonly seed: string;
  readonly key: string;
  readonly run: RunConfig;
  readonly dataText: string | null;
  readonly seats: readonly [RemoteSeat, RemoteSeat];
  readonly leaseSeconds: number;
}

/** What a worker posts back. */
export interface RemoteResult {
  readonly result: PlayResult;
  /** The replay's lines, its header's bots the server's specs. */
  readonly replay: string;
}

const seat = (s: SubmissionRow): RemoteSeat => ({ name: s.entrant, submission: s.id, sha256: s.sha256, spec: s.spec, files: s.dir !== null });

/** A match for worker `worker`, or null when none is waiting. */
export async function leaseTask(c: Coordinator, worker: string): Promise<RemoteTask | null> {
  const seconds = c.contest.serve.leaseSeconds;
  const l = await c.lease(worker, seconds);
  if (!l) return null;
  return { id: l.m.id, seed: l.m.seed, key: c.setup.key, run: c.setup.run, dataText: c.setup.dataText, seats: [seat(l.seats[0]), seat(l.seats[1])], leaseSeconds: seconds };
}

/** A submission's files as a .tar.gz (its folder holds files and folders only: storage.ts wrote them). */
export async function submissionArchive(c: Coordinator, s: SubmissionRow): Promise<Buffer> {
  const top = join(c.storage, s.dir!);
  const files: { name: string; data: Buffer }[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) files.push({ name: relative(top, p), data: readFileSync(p) });
    }
  };
  walk(top);
  return gzipSync(await writeTar(files));
}

/** Writes a worker's result: its replay into the storage, then the result (once). */
export async function takeResult(c: Coordinator, id: string, r: RemoteResult, worker: string): Promise<boolean> {
  const m = await c.db.match(id);
  if (!m || m.state !== 'queued') return false;
  const file = replayFile(id);
  mkdirSync(dirname(join(c.storage, file)), { recursive: true });
  writeFileSync(join(c.storage, file), r.replay.endsWith('\n') ? r.replay : r.replay + '\n');
  return c.remoteResult(id, { ...r.result, replay: file }, worker);
}
