/**
 * A submission taken in: unpacked into the storage (storage.ts, every
 * limit), its manifest read (names and paths inside its folder), its
 * entrant's token checked (a new entrant gets one), its bot checked in the
 * sandbox at once (play.ts checkOne), and written. One that passed replaces
 * its entrant's previous one for new matches; the old one's games stay.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HavocError, HavocProblems } from '../core/errors.js';
import { readManifest, type EntrantManifest } from '../sandbox/manifest.js';
import { newToken, tokenHash, tokenMatches } from './access.js';
import type { Coordinator } from './coordinator.js';
import { withoutPaths } from '../report/faultCauses.js';
import type { CheckResult } from './play.js';
import { safeRelative, unpackUpload, type Upload } from './storage.js';

/** An entrant's name: letters, digits, and - _ . and spaces inside; at most 40. */
export const NAME = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,38}[A-Za-z0-9_.-]$|^[A-Za-z0-9]$/;

export interface Submitted {
  readonly entrant: string;
  readonly submission: number;
  /** A new entrant's token (shown once), else null. */
  readonly token: string | null;
  readonly files: readonly string[];
  readonly check: CheckResult;
}

const LANGUAGES: Record<string, string> = { py: 'Python', js: 'JavaScript', mjs: 'JavaScript', ts: 'TypeScript', rb: 'Ruby', go: 'Go', sh: 'shell' };

/** The language a manifest names, else the one its bot's file is written in. */
function languageOf(m: EntrantManifest): string | null {
  if (m.language) return m.language;
  const words = 'bot' in m.bot ? [m.bot.bot] : [...m.bot.command];
  for (const w of words) {
    const ext = /\.([a-z]+)$/.exec(w)?.[1];
    if (ext && LANGUAGES[ext]) return LANGUAGES[ext];
  }
  return null;
}

/** The manifest's own paths stay inside its folder: `bot`, and a command's words after the program. */
function checkPaths(file: string): void {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { bot?: unknown; command?: unknown };
  const inside = (w: string, at: string): void => {
    try {
      safeRelative(w);
    } catch (e) {
      throw new HavocError('ERR_UPLOAD', `bot.json: ${at}`, `${JSON.stringify(w)} is outside the submission's folder: name its own files, relative to bot.json`);
    }
  };
  if (typeof raw.bot === 'string') inside(raw.bot, 'bot');
  if (Array.isArray(raw.command)) raw.command.slice(1).forEach((w, i) => typeof w === 'string' && (w.includes('/') || w.startsWith('..')) && inside(w, `command[${i + 1}]`));
}

/** Takes a submission in (see the top of this file); every refusal a HavocError naming what and where. */
export async function takeSubmission(c: Coordinator, parts: readonly Upload[], token: string | null, formName?: string): Promise<Submitted> {
  const db = c.db, o = c.contest.serve;
  if (await c.frozen()) throw new HavocError('ERR_UPLOAD', 'submission', 'the contest is frozen: it takes no more submissions');
  const dir = join('submissions', randomUUID());
  const dest = join(c.storage, dir);
  let done = false, created: string | null = null;
  try {
    const up = await unpackUpload(parts, dest, o);
    const file = join(up.root, 'bot.json');
    let m: EntrantManifest;
    try {
      m = readManifest(file);
    } catch (e) {
      if (!(e instanceof HavocError)) throw e;
      const strip = (s: string): string => withoutPaths(s, [up.root]).replace(/^\.\/?/, '');
      const list = e instanceof HavocProblems ? e.problems : [e];
      throw new HavocProblems('ERR_MANIFEST', 'bot.json', list.map((x) => new HavocError('ERR_MANIFEST', strip(x.where) || 'bot.json', strip(x.problem))));
    }
    checkPaths(file);
    const name = formName?.trim() || m.name;
    if (!NAME.test(name)) throw new HavocError('ERR_UPLOAD', 'name', `${JSON.stringify(name)} is not a name the contest takes: 1 to 40 letters, digits, spaces, - _ . (no space at the ends)`);
    const ruleset = c.contest.run.ruleset;
    if (m.rulesets && !m.rulesets.includes(ruleset)) throw new HavocError('ERR_UPLOAD', 'bot.json: rulesets', `the contest plays ${ruleset}, which this bot's rulesets (${m.rulesets.join(', ')}) leave out`);
    // The entrant: a new one gets a token; a known one must bring its own.
    let given: string | null = null;
    const known = await db.entrant(name);
    if (!known) {
      given = newToken();
      try {
        await db.addEntrant({ name, token: tokenHash(given), author: m.author, house: 0, created: new Date().toISOString() });
        created = name;
      } catch {
        throw new HavocError('ERR_ACCESS', name, 'this name was just taken by another submission: choose another');
      }
    } else if (known.house) throw new HavocError('ERR_ACCESS', name, 'is a house bot of the contest: choose another name');
    else if (!tokenMatches(token, known.token)) throw new HavocError('ERR_ACCESS', name, token ? 'the token given is not this entrant\'s' : 'this entrant exists: send its token (given at its first submission) to submit again');
    if ((await db.submissionsOf(name)).length >= o.submissions) throw new HavocError('ERR_UPLOAD', name, `has made ${o.submissions} submissions, the contest's limit`);
    const id = await db.reserveSubmissionId();
    const check = await c.check(id, { name, spec: m.spec, root: up.root });
    await db.addSubmission({
      id, entrant: name, at: new Date().toISOString(), dir: relative(c.storage, up.root), spec: m.spec, language: languageOf(m), sha256: up.sha256, ok: check.ok ? 1 : 0, report: JSON.stringify(check),
    });
    done = true;
    if (check.ok) c.pump();
    return { entrant: name, submission: id, token: given, files: up.files, check };
  } finally {
    if (!done) rmSync(dest, { recursive: true, force: true });
    // A new entrant whose first submission did not get in is not kept: its token was never given.
    if (!done && created) await db.dropEntrantWithoutSubmissions(created);
  }
}
