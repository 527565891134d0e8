/**
 * Ninja Havoc Machines behind the game interface (src/core/game.ts). Every
 * living machine writes its program at once (a simultaneous node whose
 * decision is `program`); Auto-Target and Dodge are questions asked of one
 * seat in the middle of a step, answered through the match's one decision
 * path, with the documented defaults (choices.ts) for a null answer. What a
 * seat knows is its observation and a copy of the state without the other
 * seats' mines, with dice of its own. Robo Battle Pigs is the same engine with
 * its own notation and one build (rules/rbp/module.ts).
 */
import { BOARD_8X8, parseSquare, squareName } from '../../core/grid.js';
import { HavocError, HavocProblems, type ErrorCode } from '../../core/errors.js';
import type { BuildKit, BuildOptions, DataFile, FastPath, GameModule, GameNode, MatchSetup, Outcome, Parsed, Recorder } from '../../core/game.js';
import { dataBinder, ranksOf, sharedOutcome } from '../../core/game.js';
import { diceSeed as diceSeedOf, type Rng } from '../../core/rng.js';
import { RULES_VERSION } from '../version.js';
import { defaultCatalogue, defaultCataloguePath, loadCatalogue, parseCatalogue } from './catalogue.js';
import { showCatalogue } from './partsTable.js';
import { parseJsonText } from '../../core/json.js';
import { scenarioGame } from './scenario.js';
import { CMD_FIRST_MOVE, CMD_LAST_MOVE, CMD_R, CMD_TEL, CMD_WEAPON, CMD_X, cmdOption, cmdPart, isMove, PROGRAM_LENGTH } from './commands.js';
import { Game } from './game.js';
import { countLoadouts, enumerateLoadouts, sampleLoadouts } from './designSpace.js';
import { loadoutNeighbours } from './neighbours.js';
import { refitLoadout } from './refit.js';
import { checkLoadout, defaultLoadoutsPath, loadNamedLoadouts, loadoutKey, loadoutSpec } from './loadout.js';
import { loadoutFilterOf, sweepFilterProblems } from './sweepFilter.js';
import { copyForSeat, LastPrograms, observe, type Observation, Seen } from './observe.js';
import type { Catalogue, Loadout } from './parts.js';
import { checkProgram, formatCommand, formatProgram, parseCommand, parseProgram, type Notation } from './programs.js';
import { RecordingTracer, stateJson, type StepRecord } from './record.js';
import { drawBoard } from './board.js';
import { copyState, END_NONE, END_REASONS, requiredX, State } from './state.js';
import { defaultStarts } from './starts.js';
import { playTurn } from './step.js';
import type { Tracer } from './trace.js';
import { nhmReplayMembers, nhmShowRecord } from './replay.js';
import { type BoardWords, nhmBoardView } from './boardView.js';
import { AUTO_TARGET, DODGE, memoOf, NO_ANSWER, PROGRAM, type Memo, type NhmAction } from './questions.js';
import { legalActions } from './legal.js';
import { nhmRandomBot } from './randomBot.js';

export { AUTO_TARGET, DODGE, PROGRAM, type NhmAction } from './questions.js';

const SEAT_NAMES = 'ABCD';

// Local copies for apply's loops (V8 folds a module's own constants; an imported binding is loaded from its cell at every use).
const LENGTH = PROGRAM_LENGTH, X = CMD_X, ONGOING = END_NONE;

/** NHM's recorder: a tracer the step engine reports to (RecordingTracer: JSON step records). */
export interface NhmRecorder extends Recorder {
  readonly tracer: Tracer;
}

/** How one NHM-engine ruleset differs from another. */
export interface NhmFlavour {
  readonly id: string;
  readonly title: string;
  readonly notation: Notation;
  readonly seats: { readonly min: number; readonly max: number };
  /** A repair turn is R in every slot whatever the damage (Robo Battle Pigs). */
  readonly repairAllSlots?: boolean;
  /** Its one build, when it has only one. */
  readonly fixed?: (cat: Catalogue) => Loadout;
  /** Makes a match's game from its builds. */
  makeGame(cat: Catalogue, setup: MatchSetup<Loadout>): Game;
  /** A fast path the flavour offers for whole matches. */
  fast?: FastPath<Game>;
  /**
   * Plays a running state's turn of the programs in `st.prog` as the step engine would, faster, when it
   * can; false, `st` untouched, leaves the turn to the step engine. Never asked when a recorder wants the steps.
   */
  fastTurn?(st: State): boolean;
  /** The viewer's words for the flavour's board: its seat table and its legend's note (default NHM's: machine, loadout, ♥, ◆, program this turn; hearts and shields). */
  readonly boardWords?: BoardWords;
}

/** The NHM engine as a game module of `flavour`, for catalogue `cat` (default: configs/parts.json, read when first needed). */
export function nhmEngineModule(flavour: NhmFlavour, cat?: Catalogue): GameModule<Game, State, NhmAction, Observation, Loadout> & {
  withData(data: unknown): GameModule<Game, State, NhmAction, Observation, Loadout>;
} {
  const notation = flavour.notation, fastTurn = flavour.fastTurn;
  const catalogue = (): Catalogue => (cat ??= defaultCatalogue());
  // The programs of the turn before (an observation shows them), kept per state and copied once a
  // turn, written as text only when read: before a turn is applied st.prog still holds them.
  const lastPrograms = (st: State): LastPrograms => {
    const r = memoOf(st);
    if (r.turn === st.turn) return r.programs!;
    r.turn = st.turn;
    let codes: number[] | null = null;
    if (st.turn > 0) {
      // In the middle of a turn (a question's observation) st.prog holds this turn's programs already: apply kept the last.
      const prog = r.applying ? r.before : st.prog;
      codes = new Array<number>(prog.length);
      for (let i = 0; i < prog.length; i++) codes[i] = prog[i];
    }
    r.programs = new LastPrograms(st.game, codes, notation);
    return r.programs;
  };
  // What the seats' observations of a turn share, copied once for all of them; in the middle of a turn
  // (a question) the machines move between questions, so each question's is its own.
  const seenOf = (st: State): Seen => {
    const r = memoOf(st), last = lastPrograms(st);
    if (r.applying) return new Seen(st, notation, last);
    if (r.seenTurn !== st.turn || r.seen === null) {
      r.seenTurn = st.turn;
      r.seen = new Seen(st, notation, last);
    }
    return r.seen;
  };

  let fixed: { name: string; build: Loadout } | undefined;
  // Named-loadouts files (configs/loadouts.json, or a config's loadoutsFile), read once each, per experimental or not.
  const namedFiles = new Map<string, Parsed<ReadonlyMap<string, Loadout>>>();
  const named = (opts: BuildOptions = {}): Parsed<ReadonlyMap<string, Loadout>> => {
    const file = opts.names ?? defaultLoadoutsPath(), experimental = opts.experimental ?? true;
    const key = `${experimental}\n${file}`;
    let r = namedFiles.get(key);
    if (!r) {
      try {
        r = { ok: true, value: loadNamedLoadouts(catalogue(), file, { experimental }) };
      } catch (e) {
        r = { ok: false, error: e instanceof HavocError ? e : new HavocError('ERR_LOADOUTS', file, String(e)) };
      }
      namedFiles.set(key, r);
    }
    return r;
  };
  const builds: BuildKit<Loadout> = {
    get fixed() {
      if (!fixed && flavour.fixed) {
        const build = flavour.fixed(catalogue());
        fixed = { name: build.name, build };
      }
      return fixed;
    },
    check(raw, where, opts = {}) {
      const experimental = opts.experimental ?? true;
      if (typeof raw === 'string' && !raw.includes('/')) {
        // A name from the named-loadouts file (a file that cannot be read has no names; \`named\` says why).
        const n = named(opts);
        const l = n.ok ? n.value.get(raw) : undefined;
        if (l) return { ok: true, value: l };
        const file = opts.names ?? 'configs/loadouts.json';
        return { ok: false, error: new HavocError('ERR_UNKNOWN_LOADOUT', where, `no loadout named "${raw}" in ${file} (havoc loadouts lists designs; or write a loadout key weapons/armour/engines/cpu, or a design object)`) };
      }
      // A key is called by its canonical form; a design object by where it was written.
      const r = checkLoadout(catalogue(), raw, typeof raw === 'string' ? raw : where, { experimental, where });
      if (!r.ok) return { ok: false, error: r.errors.length === 1 ? r.errors[0] : new HavocProblems('ERR_LOADOUT', where, r.errors) };
      if (typeof raw !== 'string') return { ok: true, value: r.loadout };
      const key = loadoutKey(r.loadout);
      return { ok: true, value: r.loadout.name === key ? r.loadout : { ...r.loadout, name: key } };
    },
    name: (l) => l.name,
    named,
    filterProblems: (filter, where) => sweepFilterProblems(catalogue(), filter, where),
    key: loadoutKey,
    spec: loadoutSpec,
    cost: (l) => l.parts.reduce((sum, p) => sum + p.cost, 0),
    sample: (count, seed, filter) => sampleLoadouts(catalogue(), count, seed, loadoutFilterOf(filter)),
    spreadsSpend: true,
    sampleHolding: (count, seed, part, filter, spread) => {
      const f = loadoutFilterOf(filter);
      const holding = { ...f, includeParts: [...(f.includeParts ?? []), part] };
      return countLoadouts(catalogue(), holding) === 0 ? [] : sampleLoadouts(catalogue(), count, seed, holding, spread === true);
    },
    enumerate: (filter) => enumerateLoadouts(catalogue(), loadoutFilterOf(filter)),
    count: (filter) => countLoadouts(catalogue(), loadoutFilterOf(filter)),
    neighbours: (l, filter) => loadoutNeighbours(catalogue(), l, loadoutFilterOf(filter)),
    refit: (key, opts = {}) => refitLoadout(catalogue(), key, opts.experimental ?? true),
    components: (l) => l.parts.map((p) => p.key),
    listing: () => new Map(catalogue().parts.map((p) => [p.key, { cost: p.cost, category: p.budget }])),
  };

  const module: ReturnType<typeof nhmEngineModule> = {
    id: flavour.id,
    title: flavour.title,
    version: RULES_VERSION,
    seats: flavour.seats,
    figures: ['dealt'],
    builds,

    makeGame: (setup) => flavour.makeGame(catalogue(), setup),
    seatCount: (g) => g.n,
    seatName: (g, s) => g.names[s],
    newState: (g, seed) => new State(g, diceSeedOf(seed)),
    copy(src, dst) {
      copyState(src, dst);
      if (dst.memo) (dst.memo as Memo).turn = (dst.memo as Memo).seenTurn = -1; // its programs of the turn before, and what it shows, are src's now
    },

    node(st): GameNode {
      if (st.isOver()) return TERMINAL;
      let alive = 0;
      for (let m = 0; m < st.game.n; m++) if (st.alive[m]) alive |= 1 << m;
      return SIMULTANEOUS[alive];
    },
    decision: () => PROGRAM,
    chance() {
      // The dice are rolled inside a step, from the state's own generator: no chance nodes.
    },
    apply(st, actions, answer, recorder) {
      if (st.end !== ONGOING) return;
      const n = st.game.n, memo = memoOf(st), prog = st.prog, before = memo.before;
      // The programs an observation asked mid-turn shows are the last turn's: kept without allocating (a search applies
      // turns by the million), by a loop (TypedArray set is a builtin call dearer than copying a few codes).
      if (memo.turn !== st.turn) for (let i = 0; i < before.length; i++) before[i] = prog[i];
      // The turn's programs go straight into the state; a wreck's, a missing or a malformed one is X X X X X.
      for (let m = 0; m < n; m++) {
        const a = actions[m], at = m * LENGTH;
        if (st.alive[m] && typeof a === 'object' && a !== null && a.length === LENGTH) for (let k = 0; k < LENGTH; k++) prog[at + k] = a[k];
        else for (let k = 0; k < LENGTH; k++) prog[at + k] = X;
      }
      const tracer = (recorder as NhmRecorder | null | undefined)?.tracer ?? null;
      if (tracer === null && fastTurn?.(st)) return;
      memo.applying = true;
      memo.answer = answer;
      try {
        playTurn(st, null, memo.chooser, tracer);
      } finally {
        memo.answer = NO_ANSWER;
        memo.applying = false;
      }
    },
    result(st): Outcome | null {
      if (!st.isOver()) return null;
      return sharedOutcome(ranksOf(st.game.n, st.winner >= 0 ? st.winner : null), END_REASONS[st.end]);
    },
    figureValues: (st) => [Array.from(st.dealt)],
    turns: (st) => st.turn,

    stateJson,
    observe: (st, seat) => observe(st, seat, notation, undefined, seenOf(st)),
    seatState(st, seat, into, dice) {
      copyForSeat(st, into, seat);
      // The view's own dice (four words from the seat's stream), so simulating a teleport does not foretell the real roll.
      const d = into.dice;
      d.set(dice);
      if ((d[0] | d[1] | d[2] | d[3]) === 0) d[0] = 1;
    },

    parse(st, seat, kind, raw): Parsed<NhmAction> {
      const g = st.game;
      if (kind === PROGRAM) {
        if (typeof raw !== 'string' && !Array.isArray(raw) && !ArrayBuffer.isView(raw))
          return problem('ERR_PROGRAM', `a program is a string or five command codes, not ${typeof raw}`);
        // Codes end to end: five integers are taken as they are (check says whether they are commands).
        if (isCodes(raw)) return { ok: true, value: raw };
        let p: number[];
        try {
          p = typeof raw === 'string' ? parseProgram(g, seat, raw, notation) : Array.from(raw as ArrayLike<number>, Number);
        } catch (e) {
          return { ok: false, error: e instanceof HavocError ? e : new HavocError('ERR_PROGRAM', '', String(e)) };
        }
        if (p.length !== PROGRAM_LENGTH) return problem('ERR_PROGRAM_LENGTH', `a program has ${PROGRAM_LENGTH} commands, got ${p.length}`);
        return { ok: true, value: p };
      }
      if (kind !== AUTO_TARGET && kind !== DODGE) return problem('ERR_DECISION', `no decision "${kind}" in ${flavour.title}`);
      if (typeof raw === 'number') return { ok: true, value: raw };
      const c = parseCommand(g, seat, String(raw), notation);
      return typeof c === 'string' ? problem('ERR_COMMAND', c) : { ok: true, value: c };
    },
    legal: legalActions,
    check(st, seat, kind, a) {
      const g = st.game;
      if (kind === PROGRAM) {
        if (st.isOver() || !st.alive[seat]) return new HavocError('ERR_TURN', `machine ${g.names[seat]}`, st.isOver() ? 'the game is over' : 'a wrecked machine writes no program');
        return typeof a === 'number' ? new HavocError('ERR_PROGRAM', '', 'a program is five commands') : checkProgram(st, seat, a, notation);
      }
      if (typeof a !== 'number') return new HavocError('ERR_COMMAND', '', `${kind} is answered with one command`);
      if (kind === AUTO_TARGET)
        return a === CMD_X || g.weaponCmds[seat].includes(a) ? null : new HavocError('ERR_NOT_EQUIPPED', '', `${a} is not a weapon command this machine has`);
      return a === CMD_X || ((isMove(a) || a === CMD_TEL) && g.isLegal(seat, a)) ? null : new HavocError('ERR_NOT_EQUIPPED', '', `${a} is not a move this machine has`);
    },
    format: (st, _seat, _kind, a) => (typeof a === 'number' ? formatCommand(st.game, a, notation) : formatProgram(st.game, a, notation)),
    forfeit: (_st, _seat, kind) => (kind === PROGRAM ? X_PROGRAM : CMD_X),

    botContext: (game) => ({ game, notation }),
    recorder(st, onRecord): NhmRecorder {
      return { ruleset: flavour.id, tracer: new RecordingTracer(st, notation, onRecord) };
    },
    scenarioFields: SCENARIO_FIELDS,
    scenario: (json, file) =>
      scenarioGame(json, file, typeof json.parts === 'string' ? loadCatalogue(json.parts) : catalogue(), {
        id: flavour.id,
        title: flavour.title,
        fixed: flavour.fixed,
        repairAllSlots: flavour.repairAllSlots ?? false,
      }),
    // Replays (replay.ts): the game described, rebuilt with its recorded catalogue (this one, when bound with withData), steps with their minefield.
    ...nhmReplayMembers(flavour, cat),
    // How it shows itself to people (core/game.ts Presentation).
    present: {
      show(st, r) {
        const rec = r as StepRecord, g = st.game;
        const hot = new Set<number>();
        for (const h of rec.hot) for (const q of h.squares) hot.add(parseSquare(g.board, q));
        const cmds = Object.entries(rec.commands).map(([k, v]) => `${k}: ${v}`).join('  ');
        return `turn ${rec.turn} step ${rec.step}   ${cmds}\n${drawBoard(st, hot)}`;
      },
      describeSeat: (g, m) => `${g.loadouts[m].name} on ${squareName(g.board, g.startSq[m])}`,
      legend(g) {
        const codes = [...new Set(g.commands.flatMap((cs) => Array.from(cs)))].sort((a, b) => a - b);
        return codes.map((c) => [formatCommand(g, c, notation), meaningOf(g, c)] as const);
      },
      boardView: (desc, records) => nhmBoardView(desc, records, flavour.boardWords),
      showRecord: nhmShowRecord,
    },
    fast: flavour.fast,
    randomBot: nhmRandomBot,
    randomAction: (st, seat, kind, rng) => randomAction(st, seat, kind, rng),
    playoutAction: (st, seat, kind, rng) => (kind === PROGRAM ? playoutProgram(st, seat, rng) : randomAction(st, seat, kind, rng)),

    data: CATALOGUE_FILE,
    withData: dataBinder(() => cat, () => module, (parts: Catalogue) => nhmEngineModule(flavour, parts)),
  };
  return module;
}

/** The engine's data: the parts catalogue (configs/parts.json, or a run's own). */
const CATALOGUE_FILE: DataFile = {
  title: 'parts catalogue',
  defaultPath: defaultCataloguePath,
  parse: (text, path) => parseCatalogue(parseJsonText(text, path, 'ERR_CATALOGUE'), path),
  hash: (data) => (data as Catalogue).hash,
  show: (data, { experimental }) => showCatalogue(data as Catalogue, experimental),
  prices: {
    // A part's cost is its own price: at least 1 (a free part would be in every build) and at most its budget (it can still be bought).
    prices(data, scale) {
      const c = data as Catalogue;
      return new Map(c.parts.map((p) => [p.key, { cost: p.cost * scale, range: [1, Math.max(1, c.budgets[p.budget] * scale)] as const, category: p.budget }]));
    },
    makeup: (data, key) => ((data as Catalogue).byKey.get(key)?.key === key ? new Map([[key, 1]]) : null),
    withCosts(text, costs, scale, path) {
      const json = parseJsonText(text, path, 'ERR_CATALOGUE') as { budgets: Record<string, number>; parts: { key: string; cost: number }[] };
      for (const b of Object.keys(json.budgets)) json.budgets[b] *= scale;
      for (const part of json.parts) part.cost = costs.get(part.key) ?? part.cost * scale;
      return JSON.stringify(json, null, 2) + '\n';
    },
  },
};

/** What an NHM-engine scenario file holds beside the arena's `ruleset`, `seed` and `turns` (scenario.ts). */
const SCENARIO_FIELDS: readonly string[] = ['board', 'machines', 'turnLimit', 'parts'];

const TERMINAL: GameNode = { kind: 'terminal' };
/** The node of each set of living machines (a bit each), made once: a search asks for nodes by the million. */
const SIMULTANEOUS: readonly GameNode[] = Array.from({ length: 1 << 8 }, (_, alive) =>
  Object.freeze({ kind: 'simultaneous' as const, seats: Object.freeze([0, 1, 2, 3, 4, 5, 6, 7].filter((m) => alive & (1 << m))) }),
);

/** What each fixed command does, by code (commands.ts order). */
const MEANINGS = [
  'nothing (a slot lost to damage)', 'repair', 'turn left', 'turn right', 'turn around', 'step forward', 'step back', 'step left', 'step right',
  'step forward-left', 'step forward-right', 'step back-left', 'step back-right', 'teleport', 'dodge, if on a hot square', 'fire the best weapon at a target (auto-target)',
] as const;

/** What command c does: a fixed command's meaning, or the weapon it fires. */
function meaningOf(g: Game, c: number): string {
  if (c < CMD_WEAPON) return MEANINGS[c];
  const part = g.catalogue.parts[cmdPart(c)], opts = part.weapon?.options ?? [];
  return `fire the ${part.name}${opts.length > 1 ? ` (${opts[cmdOption(c)].label})` : ''}`;
}

const X_PROGRAM: readonly number[] = Object.freeze(new Array<number>(PROGRAM_LENGTH).fill(CMD_X));

function problem(code: ErrorCode, text: string): { ok: false; error: HavocError } {
  return { ok: false, error: new HavocError(code, '', text) };
}

/** A random legal action: a program of the seat's commands with the X its damage needs (or a repair turn), or a legal answer. */
function randomAction(st: State, m: number, kind: string, rng: Rng): NhmAction {
  const g = st.game;
  if (kind === AUTO_TARGET) {
    const w = g.weaponCmds[m];
    const i = rng.int(w.length + 1);
    return i === w.length ? CMD_X : w[i];
  }
  if (kind === DODGE) {
    const moves = [CMD_X];
    for (let c = CMD_FIRST_MOVE; c <= CMD_LAST_MOVE; c++) if (g.isLegal(m, c)) moves.push(c);
    if (g.isLegal(m, CMD_TEL)) moves.push(CMD_TEL);
    return moves[rng.int(moves.length)];
  }
  const acts = Array.from(g.commands[m]).filter((c) => c !== CMD_X && c !== CMD_R);
  const p = Array.from({ length: PROGRAM_LENGTH }, () => acts[rng.int(acts.length)]);
  for (let k = 0; k < requiredX(st, m) && k < PROGRAM_LENGTH; k++) p[k] = CMD_X;
  return checkProgram(st, m, p) ? X_PROGRAM : p;
}

/** Per game: each seat's commands a random program draws from (not X, not R), and a program buffer per seat. */
const playoutKits = new WeakMap<Game, { readonly acts: readonly Uint16Array[]; readonly bufs: readonly number[][] }>();

/** `randomAction`'s program, drawn the same way, into the seat's buffer (valid until the seat's next one): no allocation. */
function playoutProgram(st: State, m: number, rng: Rng): NhmAction {
  const g = st.game;
  let kit = playoutKits.get(g);
  if (!kit) {
    kit = {
      acts: g.commands.map((cs) => Uint16Array.from(Array.from(cs).filter((c) => c !== CMD_X && c !== CMD_R))),
      bufs: g.commands.map(() => new Array<number>(PROGRAM_LENGTH).fill(CMD_X)),
    };
    playoutKits.set(g, kit);
  }
  const acts = kit.acts[m], p = kit.bufs[m];
  for (let k = 0; k < PROGRAM_LENGTH; k++) p[k] = acts[rng.int(acts.length)];
  const need = requiredX(st, m);
  for (let k = 0; k < need && k < PROGRAM_LENGTH; k++) p[k] = CMD_X;
  return checkProgram(st, m, p) ? X_PROGRAM : p;
}

/** Ninja Havoc Machines: two to four machines built from the catalogue, on the default starts of an 8x8 board. */
export const nhmModule = nhmEngineModule({
  id: 'nhm',
  title: 'Ninja Havoc Machines',
  notation: 'nhm',
  seats: { min: 2, max: SEAT_NAMES.length },
  makeGame(cat, setup) {
    const n = setup.builds.length;
    if (n < 2 || n > SEAT_NAMES.length) throw new HavocError('ERR_MACHINES', 'builds', `Ninja Havoc Machines is for 2 to ${SEAT_NAMES.length} machines, not ${n}`);
    const starts = defaultStarts(BOARD_8X8, n);
    return new Game({
      catalogue: cat,
      board: BOARD_8X8,
      turnLimit: setup.turnLimit,
      rulesetId: 'nhm',
      machines: setup.builds.map((loadout, i) => ({ name: SEAT_NAMES[i], loadout, ...starts[i] })),
    });
  },
});

/** A plain array of PROGRAM_LENGTH integers (a bot's program as command codes). */
function isCodes(raw: unknown): raw is number[] {
  if (!Array.isArray(raw) || raw.length !== PROGRAM_LENGTH) return false;
  for (let k = 0; k < PROGRAM_LENGTH; k++) if (!Number.isInteger(raw[k])) return false;
  return true;
}
