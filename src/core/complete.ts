/**
 * A ruleset as its author writes it (`GameModule`: the rules, and only what
 * the game needs beyond them) completed with the interface's defaults for
 * the members it leaves out (`DefaultedMember`; the forfeit and the random
 * action come from its legal actions), so the arena, bots and tools
 * call every member alike. The registry completes each module it registers,
 * and the bot host the one it loads.
 */
import { HavocError } from './errors.js';
import type { AnyGameModule, BuildKit, GameModule, Recorder } from './game.js';
import type { Rng } from './rng.js';

const COMPLETE = Symbol('havoc.complete');
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const NO_FIGURES: readonly string[] = Object.freeze([]);

/** One build, `standard`, which configs need not name. */
function standardBuilds(title: string): BuildKit<string> {
  return {
    fixed: { name: 'standard', build: 'standard' },
    check: (raw, where) => (raw === 'standard' ? { ok: true, value: 'standard' } : { ok: false, error: new HavocError('ERR_BUILD', where, `${title} has one build: "standard"`) }),
    key: () => 'standard',
    cost: () => 0,
  };
}

/**
 * The module with its defaults filled in, in place (a module is made once
 * and its members are read on every step of every match: one object, one
 * shape); modules it binds to other data (`withData`) are completed too.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function completeModule(mod: GameModule<any, any, any, any, any>): AnyGameModule {
  const m = mod as Record<PropertyKey, unknown> & GameModule;
  if (m[COMPLETE]) return mod as AnyGameModule;
  const recorder: Recorder = { ruleset: mod.id };
  const fill = (key: string, value: unknown): void => {
    if (m[key] === undefined) m[key] = value;
  };
  fill('figures', NO_FIGURES);
  fill('builds', standardBuilds(mod.title));
  fill('seatName', (_game: unknown, seat: number) => LETTERS[seat] ?? `#${seat}`);
  fill('decision', () => 'move');
  fill('figureValues', () => []);
  fill('botContext', () => ({}));
  fill('recorder', () => recorder);
  // From the legal actions: the first for a forfeit, a uniform draw for a random player.
  fill('forfeit', (st: unknown, seat: number, kind: string) => mod.legal(st, seat, kind).at(0));
  fill('randomAction', (st: unknown, seat: number, kind: string, rng: Rng) => {
    const legal = mod.legal(st, seat, kind);
    return legal.at(rng.int(legal.count));
  });
  const bind = mod.withData;
  if (bind) m.withData = (data: unknown) => completeModule(bind.call(mod, data));
  Object.defineProperty(m, COMPLETE, { value: true });
  return mod as AnyGameModule;
}
