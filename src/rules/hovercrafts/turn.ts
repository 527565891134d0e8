/**
 * A turn: the Energy checks (the chance node before the orders), then the
 * phases, one action of every ship each (docs/rules-hovercrafts.md):
 *
 *   1. the actions: turns, landings and repairs; then the moves, with walls,
 *      leaving the map, contested hexes and rams (ships destroyed on the way
 *      leave the map at once: a rammer moves on into the hex of a ship it
 *      destroys);
 *   2. EMPs, against every ship not landed on the six hexes around (a tie
 *      is affected: it fails to beat the EMP roll);
 *   3. every ship not landed shoots at every enemy in its three front hexes;
 *   4. ships whose damage reached their hull are out.
 *
 * After the last phase a team with a ship on the map and no enemy left wins.
 *
 * Every check goes through `check`, which logs who, the stat, the die and the
 * result when a log is kept (a recorder is listening); without one nothing
 * is built.
 */
import { HEX_FACINGS, hexName, turnLeft, turnRight } from '../../core/hex.js';
import { ACTION_WORDS, EMP, LAND, LEFT, lands, MOVE, REPAIR, RIGHT, type Order } from './actions.js';
import { TEAMS, type HoverGame } from './game.js';
import { BALLISTIC, ENERGY, HULL, SHIELD, STATS } from './ships.js';
import { checkResult, DRAWN, HoverState, hullLeft, rollDie, shipAt, stat, TURN_LIMIT, WON } from './state.js';

/** One check, as traces show it. */
export interface CheckRecord {
  who: string;
  stat: string;
  die: number;
  result: number;
  for: string;
  /** With scripted dice (a scenario's): the die's place in them (`dice[4]`), or `seeded` past them. */
  source?: string;
}

/** What a phase (or the Energy checks) did, for traces. */
export interface PhaseLog {
  checks: CheckRecord[];
  ev: string[];
  /** Shots: [shooter, target, hit, the target's hex]. */
  shots: [number, number, boolean, number][];
}

const newLog = (): PhaseLog => ({ checks: [], ev: [], shots: [] });

/** A check in words: `Minx ballistic check (Minx shooting Locust): die 2 → 2`. */
export const checkText = (c: CheckRecord): string => `${c.who} ${c.stat} check (${c.for}): die ${c.die} → ${c.result}`;

/** Scratch for a phase (one per thread: a phase never runs inside another). */
const MAXS = 16;
const act = new Int8Array(MAXS);
const landed = new Uint8Array(MAXS);
const stunned = new Uint8Array(MAXS);
const empUsed = new Uint8Array(MAXS);
const target = new Int16Array(MAXS);
const pending = new Uint8Array(MAXS);
const hits = new Uint8Array(MAXS);
/** The ships entering one hex, movers[0..k) in ship order (a contest puts its winner first): typed, since a JS array set to length 0 lets its store go and the next push allocates one. */
const movers = new Int16Array(MAXS);
/** An EMP user's roll this phase (-1: not rolled yet), kept for every neighbour it reaches. */
const empRoll = new Int8Array(MAXS);

/** A check of ship `s`'s stat (Hull: what is left of it), logged. */
/** What a check is for, as a code (its words are made only when a log is kept: a simulation builds no strings). */
const FOR_CONTEST = 0, FOR_RAM = 1, FOR_EMP = 2, FOR_RESIST = 3, FOR_SHOT = 4;

function whyText(g: HoverGame, why: number, a: number, b: number): string {
  switch (why) {
    case FOR_CONTEST:
      return `contest for ${hexName(g.hex, a)}`;
    case FOR_RAM:
      return `ram by ${g.shipName[a]}`;
    case FOR_EMP:
      return 'EMP';
    case FOR_RESIST:
      return `resisting ${g.shipName[a]}'s EMP`;
    default:
      return `${g.shipName[a]} shooting ${g.shipName[b]}`;
  }
}

/** A check of ship `s`'s stat `i` (Hull: what is left of it) for `why` (about ships or a hex a, b), logged. */
function check(st: HoverState, s: number, i: number, why: number, a: number, b: number, log: PhaseLog | null): number {
  const k = st.script;
  const die = rollDie(st);
  const value = i === HULL ? hullLeft(st, s) : stat(st.game, s, i);
  const result = checkResult(die, value);
  const g = st.game, scripted = st.script > k;
  if (log) {
    const c: CheckRecord = { who: g.shipName[s], stat: STATS[i], die, result, for: whyText(g, why, a, b) };
    if (g.dice.length) c.source = scripted ? `dice[${k}]` : 'seeded';
    log.checks.push(c);
    log.ev.push(checkText(c));
  }
  if (!scripted && g.dice.length && st.overrun === null)
    st.overrun = `${g.shipName[s]}'s ${STATS[i]} check (${whyText(g, why, a, b)}) in turn ${st.turn + 1}, phase ${phaseNow + 1}`;
  return result;
}

/** The phase being played (0-based), for the words of a die past the script. */
let phaseNow = 0;

/** Checks a against b until one beats the other; whether a wins. */
function duel(st: HoverState, a: number, ia: number, b: number, ib: number, why: number, log: PhaseLog | null): boolean {
  for (;;) {
    const va = check(st, a, ia, why, a, b, log), vb = check(st, b, ib, why, a, b, log);
    if (va !== vb) return va > vb;
    if (log) log.ev.push(`tie at ${va}: ${st.game.shipName[a]} and ${st.game.shipName[b]} roll again`);
  }
}

/** The Energy checks of a turn: every ship on the map, in ship order. */
export function rollEnergy(st: HoverState, log: PhaseLog | null): void {
  const g = st.game;
  for (let s = 0; s < g.ships; s++) {
    if (st.out[s]) {
      st.actions[s] = 0;
      continue;
    }
    const k = st.script;
    const die = rollDie(st);
    st.energyDie[s] = die;
    st.energySource[s] = st.script > k ? k : -1;
    st.actions[s] = checkResult(die, stat(g, s, ENERGY));
    if (st.script === k && g.dice.length && st.overrun === null) st.overrun = `${g.shipName[s]}'s Energy check (actions) at the start of turn ${st.turn + 1}`;
    if (log) log.checks.push({ who: g.shipName[s], stat: 'energy', die, result: st.actions[s], for: 'actions' });
  }
  st.rolled = 1;
}

const name = (g: HoverGame, s: number): string => g.shipName[s];

/** Takes a ship out of the game: `how` 1 destroyed, 2 off the map. */
function takeOut(st: HoverState, s: number, how: number, log: PhaseLog | null, why: string): void {
  st.out[s] = how;
  st.cell[s] = -1;
  if (log) log.ev.push(`${name(st.game, s)} ${how === 2 ? 'leaves the map' : 'is destroyed'}${why ? ` (${why})` : ''}`);
}

/** Damage to ship `s` (by `from`, -1 for a wall); counted for `from`'s seat against an enemy. */
function hurt(st: HoverState, s: number, from: number): void {
  st.damage[s]++;
  const g = st.game;
  if (from >= 0 && g.team[from] !== g.team[s]) st.dealt[g.seatOf[from]]++;
}

const destroyed = (st: HoverState, s: number): boolean => st.out[s] === 0 && st.damage[s] >= stat(st.game, s, HULL);

/** A ram: `a` moving into `b`'s hex. Hull checks; the lower takes 1, a tie both; a destroyed ship is out at once. Whether b's hex is free for a. */
function ram(st: HoverState, a: number, b: number, log: PhaseLog | null): boolean {
  const g = st.game;
  if (log) log.ev.push(`${name(g, a)} rams ${name(g, b)} on ${hexName(g.hex, st.cell[b])}`);
  const va = check(st, a, HULL, FOR_RAM, a, b, log), vb = check(st, b, HULL, FOR_RAM, a, b, log);
  if (va <= vb) hurt(st, a, b);
  if (vb <= va) hurt(st, b, a);
  if (log) log.ev.push(va === vb ? `tie: both take 1 damage` : `${name(g, va < vb ? a : b)} takes 1 damage`);
  if (destroyed(st, b)) takeOut(st, b, 1, log, 'rammed');
  if (destroyed(st, a)) takeOut(st, a, 1, log, 'ramming');
  return st.out[a] === 0 && st.out[b] !== 0;
}

function moveTo(st: HoverState, s: number, c: number, log: PhaseLog | null): void {
  st.cell[s] = c;
  if (log) log.ev.push(`${name(st.game, s)} moves to ${hexName(st.game.hex, c)}`);
}

/**
 * Ships moving into hex `t` (every one of them resolved here): a contest of
 * Energy checks orders them when there are several (the winner first, the
 * rest in ship order); each in turn enters the hex if it is empty, else rams
 * the ship there, moving on into it if that ship is destroyed.
 */
function enter(st: HoverState, t: number, k: number, log: PhaseLog | null): void {
  if (k > 1) contest(st, t, k, log);
  for (let i = 0; i < k; i++) {
    const s = movers[i];
    if (st.out[s]) continue;
    const o = shipAt(st, t);
    if (o < 0) moveTo(st, s, t, log);
    else if (ram(st, s, o, log)) moveTo(st, s, t, log);
  }
}

/** A contest's scratch: the ships still tied, and their rolls. */
const tied = new Int16Array(MAXS);
const rolls = new Int16Array(MAXS);

/** A contest of movers[0..n) for hex t: Energy checks, the tied best rolling again until one is best; movers left with the winner first, then the rest in ship order. */
function contest(st: HoverState, t: number, n: number, log: PhaseLog | null): void {
  const g = st.game;
  if (log) log.ev.push(`${Array.from(movers.subarray(0, n), (s) => name(g, s)).join(' and ')} contest ${hexName(g.hex, t)}`);
  let k = n;
  for (let i = 0; i < k; i++) tied[i] = movers[i];
  for (;;) {
    let top = -1;
    for (let i = 0; i < k; i++) {
      rolls[i] = check(st, tied[i], ENERGY, FOR_CONTEST, t, -1, log);
      if (rolls[i] > top) top = rolls[i];
    }
    let j = 0;
    for (let i = 0; i < k; i++) if (rolls[i] === top) tied[j++] = tied[i];
    if (j === 1) {
      const w = tied[0];
      if (log) log.ev.push(`${name(g, w)} wins the contest`);
      let i = movers.indexOf(w);
      for (; i > 0; i--) movers[i] = movers[i - 1];
      movers[0] = w;
      return;
    }
    if (log) log.ev.push(`tie at ${top}: ${Array.from(tied.subarray(0, j), (s) => name(g, s)).join(' and ')} roll again`);
    k = j;
  }
}

/** The waiting ships followed from the lowest, hex to wanted hex, until one repeats; each ship's place on it + 1 (0: not on it). */
const path = new Int16Array(MAXS);
const onPath = new Int8Array(MAXS);

/** Phase step 1: the moves of the ships whose action is Move. */
function moves(st: HoverState, log: PhaseLog | null): void {
  const g = st.game, n = g.ships, hex = g.hex;
  let left = 0;
  for (let s = 0; s < n; s++) {
    pending[s] = 0;
    if (st.out[s] || act[s] !== MOVE) continue;
    const t = hex.next[st.cell[s] * 6 + st.facing[s]];
    if (t < 0) takeOut(st, s, 2, log, '');
    else if (st.walls[t]) {
      hurt(st, s, -1);
      if (log) log.ev.push(`${name(g, s)} hits the wall on ${hexName(hex, t)}: 1 damage`);
      if (destroyed(st, s)) takeOut(st, s, 1, log, 'wall');
    } else {
      target[s] = t;
      pending[s] = 1;
      left++;
    }
  }
  while (left > 0) {
    // The hexes whose ship (if any) is not waiting to move: lowest hex first.
    let t = -1;
    for (let s = 0; s < n; s++) {
      if (!pending[s]) continue;
      const o = shipAt(st, target[s]);
      if ((o < 0 || !pending[o]) && (t < 0 || target[s] < t)) t = target[s];
    }
    if (t >= 0) {
      let k = 0;
      for (let s = 0; s < n; s++) if (pending[s] && target[s] === t) (movers[k++] = s), (pending[s] = 0), left--;
      enter(st, t, k, log);
      continue;
    }
    // Only cycles are left: every waiting ship's hex is wanted by a waiting ship. Follow the lowest.
    let a = 0;
    while (!pending[a]) a++;
    let len = 0, x = a;
    while (onPath[x] === 0) (path[len++] = x), (onPath[x] = len), (x = shipAt(st, target[x]));
    // The cycle is path[from..len): the ships from the one met again.
    const from = onPath[x] - 1;
    for (let i = 0; i < len; i++) onPath[path[i]] = 0;
    for (let i = from; i < len; i++) (pending[path[i]] = 0), left--;
    if (len - from === 2) {
      // Head on: one ram, the lower ship the rammer; a survivor moves on into the hex of a destroyed ship.
      const p = Math.min(path[from], path[from + 1]), q = Math.max(path[from], path[from + 1]);
      const pc = st.cell[p], qc = st.cell[q];
      ram(st, p, q, log);
      if (st.out[p] === 0 && st.out[q] !== 0) moveTo(st, p, qc, log);
      else if (st.out[q] === 0 && st.out[p] !== 0) moveTo(st, q, pc, log);
    } else {
      // A ring of three or more: every hex is left as another is entered.
      for (let i = from; i < len; i++) moveTo(st, path[i], target[path[i]], log);
    }
  }
}

/** Phase step 2: EMPs. */
function emps(st: HoverState, log: PhaseLog | null): void {
  const g = st.game, n = g.ships;
  for (let s = 0; s < n; s++) {
    if (st.out[s] || act[s] !== EMP) continue;
    if (empUsed[s]) {
      if (log) log.ev.push(`${name(g, s)} has used its EMP this turn: it only lands`);
      continue;
    }
    empUsed[s] = 1;
    let any = false, near = false;
    for (let f = 0; f < 6; f++) {
      const c = g.hex.next[st.cell[s] * 6 + f];
      const x = c < 0 ? -1 : shipAt(st, c);
      if (x < 0) continue;
      near = true;
      if (landed[x]) {
        if (log) log.ev.push(`${name(g, s)}'s EMP passes ${name(g, x)} by: it is landed`);
        continue;
      }
      if (!any && log) log.ev.push(`${name(g, s)} fires its EMP`);
      any = true;
      if (empRoll[s] < 0) empRoll[s] = check(st, s, ENERGY, FOR_EMP, s, x, log);
      const vs = empRoll[s];
      const vx = check(st, x, ENERGY, FOR_RESIST, s, x, log);
      // "Every ship that fails to beat the EMP roll is affected": a tie does not beat it, and is not rolled again.
      if (vx <= vs) {
        stunned[x] = 1;
        if (log) log.ev.push(`${name(g, x)} ${vx === vs ? `ties the EMP at ${vs}, failing to beat it` : 'is hit by the EMP'}: its next action this turn is a Landing`);
      } else if (log) log.ev.push(`${name(g, x)} resists the EMP`);
    }
    if (!near && log) log.ev.push(`${name(g, s)}'s EMP reaches no ship`);
  }
}

/** Phase step 3: shots; step 4: ships out of hull leave. */
function shots(st: HoverState, log: PhaseLog | null): void {
  const g = st.game, n = g.ships, inOrder = g.options.shots === 'in-order';
  hits.fill(0);
  for (let s = 0; s < n; s++) {
    if (st.out[s] || landed[s]) continue;
    if (inOrder && st.damage[s] >= stat(g, s, HULL)) continue;
    const base = st.cell[s] * 6, f = st.facing[s];
    for (let k = 0; k < 3; k++) {
      // The front hex, then its left and right neighbours (core/hex.ts frontHexes, without the array).
      const c = g.hex.next[base + (k === 0 ? f : k === 1 ? turnLeft(f) : turnRight(f))];
      const x = c < 0 ? -1 : shipAt(st, c);
      if (x < 0 || g.team[x] === g.team[s]) continue;
      if (inOrder && st.damage[x] >= stat(g, x, HULL)) continue;
      const hit = duel(st, s, BALLISTIC, x, SHIELD, FOR_SHOT, log);
      if (log) {
        log.shots.push([s, x, hit, c]);
        log.ev.push(`${name(g, s)} shoots ${name(g, x)}: ${hit ? 'hit' : 'miss'}`);
      }
      if (hit) {
        if (inOrder) hurt(st, x, s);
        else hits[x]++, (st.dealt[g.seatOf[s]] += 1);
      }
    }
  }
  if (!inOrder) for (let x = 0; x < n; x++) st.damage[x] += hits[x];
  for (let s = 0; s < n; s++) if (destroyed(st, s)) takeOut(st, s, 1, log, 'shot down');
}

/** A log of one phase for the recorder, or null. */
export type PhaseSink = ((p: number, acts: Int8Array, log: PhaseLog) => void) | null;

/**
 * Plays the turn's phases with each seat's order (null: the seat's ships
 * land for every action) and judges the end of the turn. `orders` are
 * checked (one program per ship, as long as its actions); an action missing
 * from a program is a Landing.
 */
export function playPhases(st: HoverState, orders: readonly (Order | null)[], sink: PhaseSink): void {
  const g = st.game, n = g.ships;
  let phases = 0;
  for (let s = 0; s < n; s++) if (!st.out[s]) phases = Math.max(phases, st.actions[s]);
  stunned.fill(0);
  empUsed.fill(0);
  const idleLands = g.options.idle === 'landed';
  for (let p = 0; p < phases; p++) {
    const log = sink ? newLog() : null;
    phaseNow = p;
    // The actions of this phase: EMP'd ships land instead.
    for (let s = 0; s < n; s++) {
      act[s] = -1;
      empRoll[s] = -1;
      if (st.out[s]) continue;
      if (p < st.actions[s]) {
        const o = orders[g.seatOf[s]];
        const prog = o ? o[g.shipIndex[s]] : null;
        act[s] = prog && p < prog.length && prog[p] >= 0 && prog[p] < 6 ? prog[p] : LAND;
        if (stunned[s]) {
          if (log) log.ev.push(`${name(g, s)}'s ${ACTION_WORDS[act[s]]} becomes a Landing (EMP)`);
          act[s] = LAND;
        }
      }
      landed[s] = act[s] < 0 ? (idleLands ? 1 : 0) : lands(act[s]) ? 1 : 0;
    }
    stunned.fill(0);
    // Turns, repairs.
    for (let s = 0; s < n; s++) {
      if (act[s] === LEFT) st.facing[s] = turnLeft(st.facing[s]);
      else if (act[s] === RIGHT) st.facing[s] = turnRight(st.facing[s]);
      else if (act[s] === REPAIR && st.damage[s] > 0) {
        st.damage[s]--;
        if (log) log.ev.push(`${name(g, s)} repairs 1 damage`);
      }
      if (log && (act[s] === LEFT || act[s] === RIGHT)) log.ev.push(`${name(g, s)} turns to face ${HEX_FACINGS[st.facing[s]]}`);
    }
    moves(st, log);
    emps(st, log);
    shots(st, log);
    if (sink) sink(p, act, log!);
  }
  st.turn++;
  st.rolled = 0;
  // The end of the turn: a team with a ship on the map and none of the other's wins.
  let zion = 0, machines = 0;
  for (let s = 0; s < n; s++) if (!st.out[s]) g.team[s] ? machines++ : zion++;
  if (zion === 0 || machines === 0) {
    st.over = zion + machines === 0 ? DRAWN : WON;
    st.winner = zion ? 0 : machines ? 1 : -1;
  } else if (st.turn >= g.turnLimit) st.over = TURN_LIMIT;
}

export const teamName = (t: number): string => TEAMS[t];
