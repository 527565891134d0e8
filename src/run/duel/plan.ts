/**
 * A duel's run (`havoc duel A B --ruleset ID`): the two bots (built-in names,
 * paths, or manifests), checked as a run config between bots is, every
 * problem named; its schedule the duel's (schedule.ts: seat-swapped pairs on
 * shared seeds, openings drawn where the ruleset has builds), grown a check
 * at a time by app/duel.ts.
 */
import { basename, join } from 'node:path';
import { loadConfigJson } from '../../config/file.js';
import type { RunData } from '../../config/data.js';
import { withDataFile } from '../../config/data.js';
import type { RunConfig } from '../../config/types.js';
import { HavocError } from '../../core/errors.js';
import type { Budget } from '../../core/bot.js';
import { isBotPath } from '../../match/bots.js';
import { loadRuleset } from '../../rules/registry.js';
import { readManifest } from '../../sandbox/manifest.js';
import { sampleOpenings } from '../schedule.js';

/** Openings a duel draws unless told (where the ruleset has builds to draw). */
export const DEFAULT_OPENINGS = 500;

export interface DuelRequest {
  readonly a: string;
  readonly b: string;
  readonly ruleset: string;
  readonly out?: string;
  readonly seed: string;
  /** Openings to draw (undefined: DEFAULT_OPENINGS where the ruleset has builds, else none). */
  readonly openings?: number;
  /** A build every seat plays instead of openings. */
  readonly loadout?: string;
  readonly budget?: Partial<Budget>;
  readonly turnLimit?: number;
  readonly parts?: string;
  readonly trustBots: boolean;
}

export interface DuelPlan {
  readonly run: RunConfig;
  readonly data: RunData | null;
  readonly out: string;
  /** The bots' names in the run (and the printout): A first. */
  readonly names: readonly [string, string];
}

/** A bot of the command line as a config's bots entry: a manifest's bot under its name, a path under its file's name. */
function botEntry(spec: string): { name: string; bot?: string; command?: readonly string[] } {
  if (spec.endsWith('.json')) {
    const m = readManifest(spec);
    return { name: m.name, ...m.bot };
  }
  return { name: isBotPath(spec) ? basename(spec).replace(/\.[cm]?[jt]s$/, '') : spec, bot: spec };
}

/** Checks the duel's bots and settings as a run config (nothing written, each bot's module loaded or probed). */
export async function planDuel(q: DuelRequest): Promise<DuelPlan> {
  if (q.seed.trim() === '') throw new HavocError('ERR_ARGS', '--seed', 'must not be empty');
  const a = botEntry(q.a), b = botEntry(q.b);
  // A bot against a copy of itself: the second keeps the name with a mark.
  if (b.name === a.name) b.name = `${a.name}-2`;
  const mod = withDataFile(await loadRuleset(q.ruleset), q.parts, '--parts');
  const fixed = mod.builds.fixed;
  if (q.openings !== undefined && !(Number.isInteger(q.openings) && q.openings >= 0)) throw new HavocError('ERR_ARGS', '--openings', 'must be a whole number >= 0');
  if (q.loadout !== undefined && q.openings) throw new HavocError('ERR_ARGS', '--loadout', 'plays one build in every seat: leave --openings out (or give 0)');
  const openings = q.loadout !== undefined || fixed ? 0 : (q.openings ?? DEFAULT_OPENINGS);
  if (openings === 0 && !fixed && q.loadout === undefined) throw new HavocError('ERR_ARGS', '--openings', `${mod.title} needs a build per seat: draw openings (--openings N) or name one with --loadout`);
  // The run config's one loadout: the one named, the ruleset's own, or (openings) the first opening's seat A build.
  const loadout = q.loadout ?? (fixed ? undefined : sampleOpenings(mod, 1, q.seed, false)[0][0]);
  const json = {
    ruleset: q.ruleset,
    ...(q.parts !== undefined ? { parts: q.parts } : {}),
    bots: [a, b],
    between: 'bots',
    ...(loadout !== undefined ? { loadouts: [loadout] } : {}),
    schedule: { type: 'round-robin', games: 2 },
    seed: q.seed,
    ...(q.budget ? { budget: q.budget } : {}),
    ...(q.turnLimit !== undefined ? { turnLimit: q.turnLimit } : {}),
  };
  const safe = (s: string): string => s.replace(/[^A-Za-z0-9._-]+/g, '_');
  const out = q.out ?? join('results', `duel-${safe(a.name)}-${safe(b.name)}-${safe(mod.id)}`);
  const plan = await loadConfigJson(json, 'havoc duel', { out, trustBots: q.trustBots });
  const r = plan.runs[0];
  return { run: { ...r.run, name: `${a.name} vs ${b.name}`, schedule: { type: 'duel', matches: 0, openings } }, data: r.data, out: plan.out, names: [a.name, b.name] };
}
