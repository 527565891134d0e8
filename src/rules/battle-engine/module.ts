/**
 * Battle Engine behind the game interface: two seats deploy their armies at
 * once and in secret (a simultaneous `deploy` decision), a coin may decide
 * who starts, then the seats take turns, each turn one piece's steps (`act`
 * decisions, one step each, by the same seat until the turn ends). The
 * roster file is the module's data: a run may bind another (`withData`).
 */
import { HavocError, type ErrorCode } from '../../core/errors.js';
import { dataBinder, ranksOf, sharedOutcome, type DataFile, type GameModule, type GameNode, type Outcome, type Parsed, type Recorder } from '../../core/game.js';
import { sfc32Next, type Rng } from '../../core/rng.js';
import { canonicalDeployment, canonicalInPlace, defaultDeployment, DEPLOY as DEPLOY_STEP, deployProblem, END_ACTION, isLegalStep, legalSteps, PASS_ACTION, randomStepInto, type BeAction } from './actions.js';
import { armyKey, armyKit, checkArmy, type Army } from './army.js';
import { squareName, rowOf, onSide } from './board.js';
import { formatAction, parseDeploy, parseStep } from './notation.js';
import { observe, seatState, stateJson, type BeObservation } from './observe.js';
import { BONUS_LOSSES, defaultRoster, defaultRosterPath, HIT_REACHES, LEVEL_UPS, parseRosterText, rosterPrices, START_TIES, TURN_SHAPES, type Roster } from './roster.js';
import { COIN, copyBeState, DEAD, DEPLOY, ESCAPED, makeBeGame, newBeState, OVER, PLAY, SURRENDERED, type BeGame, type BeState, type MidGame } from './state.js';
import { isObject } from '../../core/json.js';
import { applyStep, deploy, tossCoin } from './step.js';
import { drawBoard } from './draw.js';
import { legalActions } from './legal.js';
import { beRandomBot } from './randomBot.js';
import { beBoardView } from './boardView.js';
import { readScenario, SCENARIO_FIELDS } from './scenario.js';

/** The ruleset's id (a bot that knows this ruleset finds it by this). */
export const BATTLE_ENGINE_ID = 'battle-engine';

/** Changes whenever a rule changes what a match does. */
export const BATTLE_ENGINE_VERSION = '1';

class BeRecorder implements Recorder {
  readonly ruleset = 'battle-engine';
  /** Whether a game placed by hand has had its deployment recorded (it starts deployed, so no deploy step records it). */
  placedTold = false;
  constructor(readonly onRecord: (record: object) => void) {}
}

const TERMINAL: GameNode = { kind: 'terminal' };
const CHANCE: GameNode = { kind: 'chance' };
const BOTH: GameNode = { kind: 'simultaneous', seats: [0, 1] };
const SEAT: readonly GameNode[] = [{ kind: 'seat', seat: 0 }, { kind: 'seat', seat: 1 }];
const err = (code: ErrorCode, where: string, problem: string): HavocError => new HavocError(code, where, problem);
const whereOf = (seat: number, kind: string): string => `seat ${'AB'[seat] ?? seat} ${kind}`;
const scratch: BeAction[] = [];
/** playoutAction's step, rewritten at each call (the search applies it at once). */
const playoutStep = { t: PASS_ACTION.t, from: -1, to: -1 };
/** Square names for applyStep when nothing records its events (it names squares only in events). */
const noNames = (): string => '';
/** apply's two deployments while it deploys them. */
const NO_SQUARES: readonly number[] = [];
const deployed: (readonly number[])[] = [NO_SQUARES, NO_SQUARES];
/** Per seat, the deployment a playout reuses, and the squares of a side being drawn from. */
const playoutDeploys = [0, 1].map(() => ({ t: DEPLOY_STEP, from: -1, to: -1, squares: [] as number[] }));
const sideSquares: number[] = [];

/** The roster file: Battle Engine's data. */
const ROSTER_FILE: DataFile = {
  title: 'Battle Engine roster',
  defaultPath: defaultRosterPath,
  parse: (text, path) => parseRosterText(text, path),
  hash: (data) => (data as Roster).hash,
  prices: rosterPrices,
};

export type BattleEngineModule = GameModule<BeGame, BeState, BeAction, BeObservation, Army>;

/** The module bound to a roster (its pieces, prices and readings). */
export function battleEngineModule(roster: Roster): BattleEngineModule {
  const sqName = (st: BeState) => (q: number) => squareName(st.game.board, q);
  const decisionOf = (st: BeState): string => (st.phase === DEPLOY ? 'deploy' : 'act');

  const mod: BattleEngineModule = {
    id: BATTLE_ENGINE_ID,
    title: 'Battle Engine',
    version: BATTLE_ENGINE_VERSION,
    seats: { min: 2, max: 2 },
    figures: ['kills', 'lost', 'escaped'],
    builds: armyKit(roster),
    data: ROSTER_FILE,
    withData: dataBinder(() => roster, () => mod, battleEngineModule),

    // A game as a replay's header and an isolated bot's start message hold it: the roster's hash, the readings, the armies.
    describeGame: (g) => ({
      rosterHash: g.roster.hash,
      rules: g.rules,
      armies: g.armies.map((a) => armyKey(g.roster, a)),
      ...(g.placed ? { placed: placedTexts(g) } : {}),
      ...(g.starts !== undefined ? { starts: 'AB'[g.starts] } : {}),
      ...(g.midGame ? { midGame: describeMidGame(g.midGame) } : {}),
    }),
    gameFromDescription: (desc, where) => gameFromDescription(roster, desc, where),
    makeGame: ({ builds, turnLimit }) =>
      makeBeGame(turnLimit === undefined ? roster : { ...roster, rules: { ...roster.rules, turnLimit } }, builds),
    seatCount: () => 2,
    seatName: (_g, seat) => 'AB'[seat] ?? `#${seat}`,
    newState(g, seed) {
      const st = newBeState(g, seed);
      if (g.placed) deploy(st, g.placed, null);
      return st;
    },
    copy: copyBeState,

    node: (st) => (st.phase === DEPLOY ? BOTH : st.phase === COIN ? CHANCE : st.phase === OVER ? TERMINAL : SEAT[st.toMove]),
    decision: (st) => decisionOf(st),
    chance(st) {
      if (st.phase === COIN) tossCoin(st, sfc32Next(st.dice, 0) >>> 31, null);
    },
    apply(st, actions, _answer, recorder) {
      const rec = recorder instanceof BeRecorder ? recorder : null;
      const ev: string[] | null = rec ? [] : null;
      if (st.phase === DEPLOY) {
        for (let s = 0; s < 2; s++) {
          const a = actions[s];
          deployed[s] = a && a.t === DEPLOY_STEP && a.squares && deployProblem(st, s, a.squares) === null ? a.squares : defaultDeployment(st, s);
        }
        deploy(st, deployed, ev);
        if (rec) rec.onRecord({ turn: 0, deploy: deployed.map((squares, s) => formatAction(st.game, s, { t: DEPLOY_STEP, from: -1, to: -1, squares })), events: ev });
        deployed[0] = deployed[1] = NO_SQUARES;
        return;
      }
      if (st.phase !== PLAY) return;
      if (rec && !rec.placedTold && st.game.placed) {
        rec.placedTold = true;
        if (st.turn === (st.game.midGame?.turn ?? 0) && st.active < 0) rec.onRecord(placedRecord(st));
      }
      const seat = st.toMove, turn = st.turn;
      const a = actions[seat] ?? (st.active >= 0 ? END_ACTION : PASS_ACTION);
      // The step's notation and the squares' names only for a recorder (a search applies steps by the thousand).
      const text = rec ? formatAction(st.game, seat, a) : '';
      applyStep(st, a, ev, rec ? sqName(st) : noNames);
      rec?.onRecord({ turn, seat: 'AB'[seat], action: text, events: ev });
    },
    result(st): Outcome | null {
      if (st.phase !== OVER) return null;
      return sharedOutcome(ranksOf(2, st.winner === 2 ? null : st.winner), st.reason);
    },
    figureValues(st) {
      const g = st.game;
      const count = (seat: number, flag: number): number => {
        let n = 0;
        for (let p = g.first[seat]; p < g.first[seat + 1]; p++) if (st.flags[p] & flag) n++;
        return n;
      };
      return [
        [count(1, DEAD), count(0, DEAD)],
        [count(0, DEAD | SURRENDERED), count(1, DEAD | SURRENDERED)],
        [count(0, ESCAPED), count(1, ESCAPED)],
      ];
    },
    turns: (st) => st.turn,

    observe,
    stateJson,
    seatState,

    parse(st, seat, kind, raw): Parsed<BeAction> {
      const where = whereOf(seat, kind);
      if (kind === 'deploy') return parseDeploy(st.game, seat, raw, where);
      if (kind === 'act') return parseStep(st.game, raw, where);
      return { ok: false, error: err('ERR_DECISION', where, `Battle Engine's decisions are "deploy" and "act", not "${kind}"`) };
    },
    legal: legalActions,
    check(st, seat, kind, a) {
      const where = whereOf(seat, kind);
      if (st.phase === OVER) return err('ERR_TURN', where, 'the battle is over');
      if (kind !== decisionOf(st)) return err('ERR_DECISION', where, `the decision now is "${decisionOf(st)}", not "${kind}"`);
      if (st.phase === DEPLOY) {
        if (seat !== 0 && seat !== 1) return err('ERR_TURN', where, 'no such seat');
        if (a.t !== DEPLOY_STEP || !a.squares) return err('ERR_ACTION', where, 'a deployment places every piece');
        const problem = deployProblem(st, seat, a.squares);
        if (problem) return err('ERR_ACTION', where, problem);
        const canon = canonicalDeployment(st, seat, a.squares);
        return canon.every((q, i) => q === a.squares![i]) ? null : err('ERR_ACTION', where, 'squares must rise within each piece type (as the notation writes them)');
      }
      if (st.phase === COIN) return err('ERR_TURN', where, 'the coin has not been tossed');
      if (seat !== st.toMove) return err('ERR_TURN', where, `it is ${'AB'[st.toMove]}'s turn`);
      if (isLegalStep(st, seat, a, scratch)) return null;
      const legal = legalSteps(st, seat, scratch);
      return err('ERR_ACTION', where, `"${formatAction(st.game, seat, a)}" is not legal now (legal: ${legal.map((l) => formatAction(st.game, seat, l)).join(', ')})`);
    },
    format: (st, seat, _kind, a) => formatAction(st.game, seat, a),
    forfeit: (st, seat) =>
      st.phase === DEPLOY ? { t: DEPLOY_STEP, from: -1, to: -1, squares: defaultDeployment(st, seat) } : st.active >= 0 ? END_ACTION : PASS_ACTION,

    botContext: (g) => ({ battleEngine: { roster: g.roster, rules: g.rules, armies: g.armies.map((a) => armyKey(g.roster, a)) } }),
    recorder: (_state, onRecord) => new BeRecorder(onRecord),
    scenario: (json, file) => readScenario(roster, json, file),
    scenarioFields: SCENARIO_FIELDS,
    // The random player (what the `random` bot plays): randomBot.ts.
    // How it shows itself to people (core/game.ts Presentation).
    present: {
      show: (st) => drawBoard(st),
      describeSeat: (g, seat) => `${'AB'[seat]}: ${armyKey(g.roster, g.armies[seat])}`,
      legend: () => [
        ['m a2 a3', 'move one square, nearer the nearest enemy'],
        ['h a3 a4', 'hit the enemy next to the piece'],
        ['s a3 a7', 'shoot along a clear row or column (one arrow)'],
        ['p a3 a2', 'panic move: away from the enemy, or toward the own back line'],
        ['e a1', 'escape from the own back line'],
        ['end', "end the acting piece's turn"],
        ['pass', 'no piece can act'],
        ['gen@d1', 'deploy a piece on a square'],
      ],
      boardView(desc, records) {
        let g: BeGame;
        try {
          g = gameFromDescription(roster, desc, 'game');
        } catch {
          return null; // another roster's game, or not one at all: the viewer shows its records as text
        }
        return beBoardView(g, records);
      },
    },
    randomBot: (_game, seat, rng) => beRandomBot(seat, rng),
    randomAction(st, seat, kind, rng: Rng): BeAction {
      if (kind === 'deploy' && st.phase === DEPLOY) return randomDeployment(st, seat, rng);
      const legal = legalSteps(st, seat, scratch);
      return legal.length > 0 ? legal[rng.int(legal.length)] : PASS_ACTION;
    },
    // randomAction's draw into one reused step, listing no action per legal step (a deployment, once a game, is made).
    playoutAction(st, seat, kind, rng: Rng): BeAction {
      if (kind === 'deploy' && st.phase === DEPLOY) {
        const a = playoutDeploys[seat];
        drawDeployment(st, seat, rng, sideSquares, a.squares);
        return a;
      }
      randomStepInto(st, seat, rng, playoutStep);
      return playoutStep;
    },
  };
  return mod;
}

/**
 * The game a description holds (`describeGame`), with this module's roster:
 * the one the game was made with (the same hash), its readings as recorded.
 */
/** The readings that take one of a few words. */
const READINGS: Readonly<Record<string, readonly string[]>> = { turnShape: TURN_SHAPES, startTie: START_TIES, bonusLoss: BONUS_LOSSES, levelUp: LEVEL_UPS, hitReach: HIT_REACHES };

function gameFromDescription(roster: Roster, desc: unknown, where: string): BeGame {
  const fail = (field: string, problem: string): never => {
    throw new HavocError('ERR_REPLAY', `${where}${field}`, problem);
  };
  if (typeof desc !== 'object' || desc === null || Array.isArray(desc)) return fail('', 'must be a Battle Engine game {rosterHash, rules, armies}');
  const d = desc as { rosterHash?: unknown; rules?: unknown; armies?: unknown; placed?: unknown; starts?: unknown; midGame?: unknown };
  if (d.rosterHash !== roster.hash)
    fail('.rosterHash', `recorded with roster hash ${JSON.stringify(d.rosterHash)}, but this roster's is ${roster.hash}; give the roster it was recorded with (--parts FILE)`);
  const r = d.rules as Record<string, unknown> | undefined;
  if (typeof r !== 'object' || r === null) return fail('.rules', 'must be the readings object the game was played with');
  const rules = { ...roster.rules };
  for (const [k, v] of Object.entries(roster.rules)) {
    if (typeof r[k] !== typeof v) fail(`.rules.${k}`, `must be a ${typeof v}, as the roster's reading is, not ${JSON.stringify(r[k]) ?? 'missing'}`);
    const allowed = READINGS[k];
    if (allowed && !allowed.includes(r[k] as string)) fail(`.rules.${k}`, `must be one of ${allowed.join(', ')}, not ${JSON.stringify(r[k])}`);
    (rules as Record<string, unknown>)[k] = r[k];
  }
  // A reading a roster may leave out (hitReach): as recorded when the game set it.
  if (r.hitReach !== undefined) {
    if (!HIT_REACHES.includes(r.hitReach as (typeof HIT_REACHES)[number])) fail('.rules.hitReach', `must be one of ${HIT_REACHES.join(', ')}, not ${JSON.stringify(r.hitReach)}`);
    (rules as Record<string, unknown>).hitReach = r.hitReach;
  }
  if (!Array.isArray(d.armies) || d.armies.length !== 2) return fail('.armies', 'must be the two armies\' keys');
  const armies = d.armies.map((a, i) => {
    const p = checkArmy(roster, a, `${where}.armies[${i}]`);
    if (!p.ok) throw p.error;
    return p.value;
  });
  const game = makeBeGame({ ...roster, rules }, armies);
  // A game placed by hand (a scenario's) carries its deployment, who starts and its mid-game facts.
  const midGame = d.midGame === undefined ? undefined : midGameFromDescription(game, d.midGame, (f, problem) => fail(`.midGame${f}`, problem));
  let placed: number[][] | undefined;
  if (d.placed !== undefined) {
    if (!Array.isArray(d.placed) || d.placed.length !== 2) return fail('.placed', 'must be the two deployments, in notation');
    const st = newBeState(game, 'placed');
    const seen = new Set<number>();
    placed = d.placed.map((text, s) => {
      const p = parseDeploy(game, s, text, `${where}.placed[${s}]`);
      if (!p.ok) throw new HavocError('ERR_REPLAY', p.error.where, p.error.problem);
      const squares = p.value.squares!;
      // Mid-game, a piece may stand anywhere; a deployment is on its own side.
      if (midGame?.turn == null) {
        const problem = deployProblem(st, s, squares);
        if (problem) fail(`.placed[${s}]`, problem);
      }
      for (const q of squares) (seen.has(q) ? fail(`.placed[${s}]`, 'two pieces on one square') : seen.add(q));
      return [...squares];
    });
  }
  if (midGame && !placed) fail('.midGame', 'a mid-game position needs its pieces placed (placed)');
  if (d.starts !== undefined && d.starts !== 'A' && d.starts !== 'B') fail('.starts', 'must be "A" or "B"');
  return { ...game, ...(placed ? { placed } : {}), ...(d.starts !== undefined ? { starts: d.starts === 'A' ? 0 : 1 } : {}), ...(midGame ? { midGame } : {}) };
}

/** A mid-game position as a description writes it: per piece in piece order (A's, then B's), damage, arrows shot and panic. */
const describeMidGame = (m: MidGame): object => ({ turn: m.turn, damage: Array.from(m.dmg), arrowsShot: Array.from(m.shot), panicked: Array.from(m.panic, (x) => x === 1) });

/** Reads describeMidGame's object back for `game`. */
function midGameFromDescription(game: BeGame, raw: unknown, fail: (field: string, problem: string) => never): MidGame {
  if (!isObject(raw)) return fail('', 'must be {turn, damage, arrowsShot, panicked}');
  const n = game.type.length;
  if (raw.turn !== null && !(Number.isInteger(raw.turn) && (raw.turn as number) >= 0)) fail('.turn', 'must be the turns played, or null');
  const list = (k: string, ok: (v: unknown, p: number) => boolean): unknown[] =>
    Array.isArray(raw[k]) && (raw[k] as unknown[]).length === n && (raw[k] as unknown[]).every(ok) ? (raw[k] as unknown[]) : fail(`.${k}`, `must be a list of ${n} values, one a piece`);
  const dmg = list('damage', (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 256);
  const shot = list('arrowsShot', (v, p) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= game.roster.pieces[game.type[p]].arrows);
  const panic = list('panicked', (v) => typeof v === 'boolean');
  return { turn: raw.turn as number | null, dmg: Uint8Array.from(dmg as number[]), shot: Uint8Array.from(shot as number[]), panic: Uint8Array.from(panic, (v) => (v ? 1 : 0)) };
}

/** A hand-placed game's deployments in notation. */
const placedTexts = (g: BeGame): string[] => (g.placed ?? []).map((squares, s) => formatAction(g, s, { t: DEPLOY_STEP, from: -1, to: -1, squares }));

/** The record of a hand-placed deployment (a deploy step's shape), told before the first step: the placements and who starts, and why. */
function placedRecord(st: BeState): object {
  const g = st.game, ev: string[] = [];
  deploy(newBeState(g, 'placed'), g.placed!, ev);
  if (ev[0].startsWith('as many')) ev.push(`the coin: ${'AB'[st.toMove]} starts`);
  const turn = g.midGame?.turn ?? 0;
  if (g.midGame?.turn != null) ev.unshift(`a position ${turn} turns into the battle`);
  return { turn, deploy: placedTexts(g), events: ev };
}

/** A deployment drawn uniformly: the seat's pieces on distinct squares of its side. */
export function randomDeployment(st: BeState, seat: number, rng: Rng): BeAction {
  const squares: number[] = [];
  drawDeployment(st, seat, rng, [], squares);
  return { t: DEPLOY_STEP, from: -1, to: -1, squares };
}

/** The draw of randomDeployment into `out` (`side`: scratch for the side's squares), canonical. */
function drawDeployment(st: BeState, seat: number, rng: Rng, side: number[], out: number[]): void {
  const g = st.game, b = g.board;
  let m = 0;
  for (let q = 0; q < b.size; q++) if (onSide(b, seat, rowOf(b, q))) side[m++] = q;
  const n = g.first[seat + 1] - g.first[seat];
  for (let i = 0; i < n; i++) {
    const j = i + rng.int(m - i), x = side[i];
    side[i] = side[j];
    side[j] = x;
  }
  if (out.length !== n) out.length = n;
  for (let i = 0; i < n; i++) out[i] = side[i];
  canonicalInPlace(st, seat, out);
}

let standard: BattleEngineModule | null = null;
/** The module over the shipped roster (configs/battle-engine-roster.json). */
export const defaultBattleEngine = (): BattleEngineModule => (standard ??= battleEngineModule(defaultRoster()));
