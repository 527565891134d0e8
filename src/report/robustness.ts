/**
 * Robustness across bot strength (`havoc sweep CONFIG --bots random,greedy`):
 * the same sweep played by each bot, and the parts whose verdict (over-,
 * under-, fairly priced) changes between them — a designer sees which
 * verdicts hold for skilled play and which only describe weak play.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { csvText } from './csv.js';
import { HavocError } from '../core/errors.js';
import { readCsv } from './htmlCsv.js';
import { MIN_GAMES } from './priceList.js';

/** A part's verdict under one bot. */
export interface Verdict {
  readonly fairCost: string;
  readonly fairLo: string;
  readonly fairHi: string;
  /** `under`, `over`, `fair`, `untested` (in fewer than MIN_GAMES machine-games, or none), or `too little data` (not flagged, its interval too wide to call it fair). */
  readonly verdict: string;
}

export interface RobustnessRow {
  readonly part: string;
  readonly category: string;
  readonly listedCost: string;
  /** Per bot, in the order played (absent: the part was not estimated in that sweep). */
  readonly byBot: readonly (Verdict | null)[];
  /** Whether the verdict differs between any two bots. */
  readonly changes: boolean;
}

/** Reads each bot's sweep folder (`DIR/BOT/parts.csv`) into one row per part, in the first sweep's order. */
export function robustness(dir: string, bots: readonly string[]): RobustnessRow[] {
  const tables = bots.map((b) => {
    const t = readCsv(join(dir, b, 'parts.csv'));
    if (!t) throw new HavocError('ERR_RUN_FOLDER', join(dir, b), 'has no parts.csv: the sweep did not finish');
    return new Map(t.rows.map((r) => [r.part, r]));
  });
  const parts = [...new Set(tables.flatMap((t) => [...t.keys()]))];
  return parts.map((part) => {
    const first = tables.find((t) => t.has(part))!.get(part)!;
    const byBot = tables.map((t) => {
      const r = t.get(part);
      if (!r) return null;
      // A part in too few games (or none) was not tested, never judged fair (the price list's rule, priceList.ts);
      // a flag stands whatever the interval's width; an unflagged part with too little data was not judged fair.
      const games = Number(r.games_with ?? 0);
      const untested = !(games >= MIN_GAMES) || r.note === 'unseen' || r.note === 'no-contrast';
      const verdict = untested ? 'untested' : r.mispriced || (r.note === 'too-little-data' ? 'too little data' : 'fair');
      return { fairCost: r.fair_cost ?? '', fairLo: r.fair_cost_lo ?? '', fairHi: r.fair_cost_hi ?? '', verdict };
    });
    // A verdict changes when two sweeps judged it differently; a sweep that did not test it, or had too little data, judged nothing.
    const verdicts = new Set(byBot.filter((v): v is Verdict => v !== null && v.verdict !== 'too little data' && v.verdict !== 'untested').map((v) => v.verdict));
    return { part, category: first.category ?? '', listedCost: first.listed_cost ?? '', byBot, changes: verdicts.size > 1 };
  });
}

/** Writes `DIR/robustness.csv`: per part, each bot's fair cost, its interval and verdict, and whether the verdict changes. */
export function writeRobustness(dir: string, bots: readonly string[], rows: readonly RobustnessRow[]): string {
  const header = ['part', 'category', 'listed_cost', ...bots.flatMap((b) => [`${b}_fair_cost`, `${b}_fair_cost_lo`, `${b}_fair_cost_hi`, `${b}_verdict`]), 'verdict_changes'];
  const body = rows.map((r) => [
    r.part,
    r.category,
    r.listedCost,
    ...r.byBot.flatMap((v) => (v ? [v.fairCost, v.fairLo, v.fairHi, v.verdict] : ['', '', '', 'not estimated'])),
    r.changes ? 'yes' : 'no',
  ]);
  const file = join(dir, 'robustness.csv');
  writeFileSync(file, csvText([header, ...body]));
  return file;
}
