/**
 * What every step of `havoc reprice` (reprice.ts) shares: its context (the
 * sweep given, its data and prices, where it writes), a round's log, the
 * catalogue kept, and the two plays every step makes: the sweep again on
 * other data, and a sweep's metagame.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvText } from '../report/csv.js';
import type { RunConfig } from '../config/types.js';
import { initRunFolder } from '../store/folder.js';
import type { CsvTable } from '../report/htmlCsv.js';
import type { AnyGameModule } from '../core/game.js';
import type { PlannedChange } from '../stats/reprice.js';
import type { MetaResult } from '../report/meta/analysis.js';
import { carriedField, rankedBuilds, type FieldBuild } from '../report/meta/field.js';
import { playMeta } from './meta.js';
import type { RepriceArgs } from './repriceArgs.js';
import { partsOf } from './repriceRounds.js';
import { playFolders } from './runs.js';

export const builds = (n: number): string => `${n} build${n === 1 ? '' : 's'}`;

export type Prices = NonNullable<NonNullable<AnyGameModule['data']>['prices']>;

/** What every step of a reprice reads: the sweep given, its ruleset's data and prices, and where the reprice writes. */
export interface Ctx {
  readonly args: RepriceArgs;
  readonly run: RunConfig;
  readonly mod: AnyGameModule;
  readonly file: NonNullable<AnyGameModule['data']>;
  readonly prices: Prices;
  readonly data: { text: string; value: unknown };
  readonly schedule: Extract<RunConfig['schedule'], { type: 'sweep' }>;
  readonly out: string;
  readonly bot: string;
  /** The sweep given's parts.csv. */
  readonly first: CsvTable;
  /** --tolerance in the given catalogue's points, and in every later sweep's (×--scale). */
  readonly givenTol: number;
  readonly scaledTol: number;
  /** --aim support: rounds priced and kept by each sweep's metagame. */
  readonly bySupport: boolean;
  /** --only: the parts whose prices may move (null: every part). */
  readonly only: ReadonlySet<string> | null;
}

/** One round as rounds.csv lists it (round 0: the sweep given). */
export interface RoundLog {
  readonly round: number;
  readonly changes: string;
  /** Its sweep's flagged parts (null: not played), and how many of them no price within their budget mends. */
  readonly flagged: string[] | null;
  readonly beyond: number;
  readonly meta: MetaResult | null;
  /** The prices it changed, and the folder of its catalogue and sweep. */
  readonly planned: readonly PlannedChange[];
  readonly dir: string | null;
}

/** A catalogue a round starts from. */
export interface From {
  dir: string;
  text: string;
  value: unknown;
  parts: CsvTable;
  scale: number;
  meta: MetaResult | null;
}

/** The catalogue kept: its text, the sweep that judges it (`sweep`, its points ×`k` the kept one's), and what was kept. */
export interface Kept {
  readonly text: string;
  readonly sweep: string;
  readonly k: number;
  /** Whether it differs from the catalogue given; the round it is (null: made of several, or the given one). */
  readonly changed: boolean;
  readonly round: number | null;
  /** The changes kept (by parts), or the round kept (by support) with its score. */
  readonly said: string;
}

/** The sweep played again into `dir` on data `text` (parsed: `value`), by the same bot and size: its parts.csv, or null when the run was cancelled. */
export async function sweepOn(ctx: Ctx, dir: string, name: string, seed: string, text: string, value: unknown, source = `havoc reprice ${ctx.args.dir}`): Promise<CsvTable | null> {
  const again: RunConfig = { ...ctx.run, name, seed, catalogueHash: ctx.file.hash(value), schedule: ctx.schedule };
  initRunFolder(dir, again, null, text, source);
  await playFolders([{ dir, run: again, shard: null, data: value }], { ...ctx.args, silent: true });
  return process.exitCode === 130 ? null : partsOf(dir);
}

/** The metagame of a sweep's top --meta builds (or of `field`) into `dir`; null when cancelled. */
export async function metaOf(ctx: Ctx, sweep: string, dir: string, field?: readonly FieldBuild[]): Promise<MetaResult | null> {
  const a = ctx.args;
  const m = await playMeta({ ...a, dir: sweep, top: a.meta, games: a['meta-games'], out: dir, silent: true, report: false, json: false, field });
  return !m || process.exitCode === 130 ? null : m;
}

/** A round's score: the parts flagged not beyond their budgets (fewer is better), or with --aim support the equilibrium's support (wider is better). */
export const scoreOf = (ctx: Ctx, l: Pick<RoundLog, 'flagged' | 'beyond' | 'meta'>): number => (ctx.bySupport ? l.meta!.summary.equilibrium.support : l.flagged!.length - l.beyond);
export const better = (ctx: Ctx, a: number, b: number): boolean => (ctx.bySupport ? a > b : a < b);

/**
 * --same-field: a round's metagame is solved over the earlier field's builds still legal under its prices, the
 * round's sweep's best after them, not over the round's own top builds, drawn afresh with each catalogue.
 * Each carried field is written beside its metagame (DIR/field.csv): which builds were carried, refitted or new.
 */
export function fieldAfter(ctx: Ctx, earlier: readonly FieldBuild[], sweep: string, value: unknown, dir: string): FieldBuild[] | undefined {
  const { args, mod } = ctx;
  if (!args['same-field']) return undefined;
  const kit = mod.withData!(value).builds;
  const refit = args.refit ? (key: string): string | null => {
    const b = kit.refit!(key);
    return b === null ? null : kit.key(b);
  } : undefined;
  const field = carriedField(earlier, rankedBuilds(sweep), args.meta, (key) => kit.check(key, key).ok, refit);
  const given = new Set(earlier.map((b) => b.key));
  const origin = (b: FieldBuild): string => (b.from !== undefined ? 'refitted' : given.has(b.key) ? 'carried' : 'new');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'field.csv'), csvText([['rank', 'loadout', 'origin', 'refitted_from'], ...field.map((b, i) => [i + 1, b.key, origin(b), b.from ?? ''])]));
  return field;
}

/** A metagame's support and held-out exploitability, as rounds.csv and recheck.csv list them. */
export const supportOf = (m: MetaResult | null): (string | number)[] => (m ? [m.summary.equilibrium.support, m.summary.equilibrium.heldOutExploitability?.toFixed(4) ?? ''] : ['', '']);
