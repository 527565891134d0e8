/**
 * A belief over where the enemy ninjas of What Blind Ninjas? stand, for the
 * `tracker` bot (and any other): per enemy ninja a distribution over its
 * (square, facing) states and "slain", kept from the known starts by what the
 * seat hears and nothing else.
 *
 * - An enemy's turn moves every one of its ninjas by a model of what it might
 *   do: Move (when the square ahead is in the room), Turn to another facing,
 *   or stay (Stand, Slash!, or a turn to the same facing). Every order the
 *   rules allow has a positive weight (a Move onto an own ninja is also kept),
 *   so no state the ninja can really be in is ever dropped.
 * - A slash by enemy P at square s: one of P's ninjas stood on a square next
 *   to s, facing it (a slashing ninja does not move in its turn: the
 *   rulebook's hint). The belief is conditioned on "at least one of P's
 *   ninjas in those states".
 * - Every slash at s, by anyone: every player who did not grunt had no ninja
 *   on s (those states are dropped); every player who grunted had at least
 *   one there (conditioned so), and whoever stood there is slain.
 * - A player announced out: all its ninjas are slain.
 *
 * The support (states of positive weight) is exact as an over-set: it holds
 * every state consistent with what was heard, ninja by ninja, so the true
 * state of every living enemy ninja is always inside (the coverage the ladder
 * reports, bench/blindNinjas.ts). The weights are approximate: conditioning on
 * "at least one of P's ninjas" is done ninja by ninja (each ninja's share of
 * the event), not over the joint positions.
 */
import { NINJAS } from '../../src/rules/blind-ninjas/room.js';
import type { BnGame } from '../../src/rules/blind-ninjas/room.js';
import type { BnObservation } from '../../src/rules/blind-ninjas/knowledge.js';
import { parseSquare } from '../../src/core/grid.js';

/** The model of an enemy ninja's order: Move, Turn (all three others together), stay. */
const P_MOVE = 0.35, P_TURN = 0.3, P_STAY = 0.35;

export class NinjaBelief {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  /** States per ninja: square * 4 + facing, then DEAD. */
  readonly states: number;
  readonly dead: number;
  /** Per ninja of every seat (`seat * NINJAS + k`; the bot's own are unused): its distribution. */
  readonly p: Float64Array[];
  /** The state ahead of each (square, facing) when it moves, or -1 off the room; and the square a state faces, or -1. */
  private readonly moveTo: Int32Array;
  private readonly front: Int32Array;
  private readonly scratch: Float64Array;
  /** Heard entries processed; the seat whose turn comes next to be replayed. */
  private heardDone = 0;
  private nextSeat = 0;
  readonly players: number;

  constructor(readonly game: BnGame, readonly me: number) {
    const b = game.board;
    this.width = b.width;
    this.height = b.height;
    this.size = b.size;
    this.states = b.size * 4;
    this.dead = this.states;
    this.players = game.players;
    this.moveTo = new Int32Array(this.states);
    this.front = new Int32Array(this.states);
    for (let q = 0; q < b.size; q++)
      for (let f = 0; f < 4; f++) {
        const x = (q % b.width) + [0, 1, 0, -1][f], y = Math.floor(q / b.width) + [1, 0, -1, 0][f];
        const to = x >= 0 && y >= 0 && x < b.width && y < b.height ? y * b.width + x : -1;
        this.front[q * 4 + f] = to;
        this.moveTo[q * 4 + f] = to < 0 ? -1 : to * 4 + f;
      }
    this.p = [];
    for (let i = 0; i < game.players * NINJAS; i++) {
      const d = new Float64Array(this.states + 1);
      d[game.startSq[i] * 4 + game.startFacing[i]] = 1;
      this.p.push(d);
    }
    this.scratch = new Float64Array(this.states + 1);
  }

  /** Catches up with the observation: the turns played since the last call, with what was heard in them. */
  update(obs: BnObservation): void {
    const n = this.players;
    const seatOf = (name: string): number => name.charCodeAt(0) - 65;
    const heard = obs.heard;
    // The bot's own slashes of its last turn come first in what is new.
    while (this.heardDone < heard.length && seatOf(heard[this.heardDone].by) === this.me) this.hear(heard[this.heardDone++]);
    const out = new Set(obs.out.map(seatOf));
    for (let guard = 0; this.nextSeat !== this.me && guard < n; guard++) {
      const x = this.nextSeat;
      if (!out.has(x)) this.enemyTurn(x);
      while (this.heardDone < heard.length && seatOf(heard[this.heardDone].by) === x) this.hear(heard[this.heardDone++]);
      this.nextSeat = (x + 1) % n;
    }
    for (const x of out) if (x !== this.me) for (let k = 0; k < NINJAS; k++) this.kill(x * NINJAS + k);
    this.nextSeat = (this.me + 1) % n;
  }

  private kill(i: number): void {
    this.p[i].fill(0);
    this.p[i][this.dead] = 1;
  }

  /** One enemy turn: every ninja of `x` moves by the model. */
  private enemyTurn(x: number): void {
    for (let k = 0; k < NINJAS; k++) {
      const d = this.p[x * NINJAS + k], t = this.scratch;
      t.fill(0);
      t[this.dead] = d[this.dead];
      for (let s = 0; s < this.states; s++) {
        const m = d[s];
        if (m === 0) continue;
        const to = this.moveTo[s], q = s >> 2, f = s & 3;
        const pm = to >= 0 ? P_MOVE : 0, norm = pm + P_TURN + P_STAY;
        if (to >= 0) t[to] += (m * pm) / norm;
        t[s] += (m * P_STAY) / norm;
        for (let g = 0; g < 4; g++) if (g !== f) t[q * 4 + g] += (m * P_TURN) / (3 * norm);
      }
      d.set(t);
    }
  }

  /** A heard slash. */
  private hear(h: BnObservation['heard'][number]): void {
    const by = h.by.charCodeAt(0) - 65, s = parseSquare({ width: this.width, height: this.height, size: this.size }, h.square);
    const grunted = new Set(h.grunts.map((g) => g.charCodeAt(0) - 65));
    if (by !== this.me) this.atLeastOne(by, (st) => this.front[st] === s);
    for (let x = 0; x < this.players; x++) {
      if (x === this.me) continue;
      const onS = (st: number): boolean => st >> 2 === s;
      if (grunted.has(x)) {
        this.atLeastOne(x, onS);
        for (let k = 0; k < NINJAS; k++) {
          const d = this.p[x * NINJAS + k];
          for (let f = 0; f < 4; f++) (d[this.dead] += d[s * 4 + f]), (d[s * 4 + f] = 0);
        }
      } else
        for (let k = 0; k < NINJAS; k++) {
          const d = this.p[x * NINJAS + k];
          let gone = 0;
          for (let f = 0; f < 4; f++) (gone += d[s * 4 + f]), (d[s * 4 + f] = 0);
          if (gone > 0 && gone < 1) for (let j = 0; j <= this.states; j++) d[j] /= 1 - gone;
        }
    }
  }

  /** Conditions seat x's ninjas on "at least one living ninja in a state where `inSet`", ninja by ninja. */
  private atLeastOne(x: number, inSet: (st: number) => boolean): void {
    const a = new Float64Array(NINJAS);
    let none = 1;
    for (let k = 0; k < NINJAS; k++) {
      const d = this.p[x * NINJAS + k];
      for (let s = 0; s < this.states; s++) if (d[s] > 0 && inSet(s)) a[k] += d[s];
      none *= 1 - a[k];
    }
    const z = 1 - none;
    if (!(z > 0)) return; // nothing could have done it: the model has failed; keep the belief as it is
    for (let k = 0; k < NINJAS; k++) {
      if (a[k] === 0) continue;
      const d = this.p[x * NINJAS + k];
      const inside = 1 / z, outside = a[k] < 1 ? (1 - a[k] / z) / (1 - a[k]) : 0;
      for (let s = 0; s <= this.states; s++) d[s] *= s < this.states && inSet(s) ? inside : outside;
    }
  }

  /** Expected enemy ninjas on each square now. */
  heat(into = new Float64Array(this.size)): Float64Array {
    into.fill(0);
    for (let i = 0; i < this.p.length; i++) {
      if (Math.floor(i / NINJAS) === this.me) continue;
      const d = this.p[i];
      for (let s = 0; s < this.states; s++) into[s >> 2] += d[s];
    }
    return into;
  }

  /** Per square, the chance-weighted count of enemy ninjas that stand next to it facing it after one more turn of each enemy (who might slash it). */
  threat(into = new Float64Array(this.size)): Float64Array {
    into.fill(0);
    const save = this.p.map((d) => d.slice());
    for (let x = 0; x < this.players; x++) if (x !== this.me) this.enemyTurn(x);
    for (let i = 0; i < this.p.length; i++) {
      if (Math.floor(i / NINJAS) === this.me) continue;
      const d = this.p[i];
      for (let s = 0; s < this.states; s++) if (d[s] > 0 && this.front[s] >= 0) into[this.front[s]] += d[s];
    }
    this.p.forEach((d, i) => d.set(save[i]));
    return into;
  }

  /** Expected enemy ninjas on each square after one more turn of each enemy. */
  heatNext(into = new Float64Array(this.size)): Float64Array {
    const save = this.p.map((d) => d.slice());
    for (let x = 0; x < this.players; x++) if (x !== this.me) this.enemyTurn(x);
    this.heat(into);
    this.p.forEach((d, i) => d.set(save[i]));
    return into;
  }

  /** Whether ninja i's state (square, facing) has positive weight; and its chance of being alive. */
  holds(i: number, sq: number, facing: number): boolean {
    return this.p[i][sq * 4 + facing] > 0;
  }
  alive(i: number): number {
    return 1 - this.p[i][this.dead];
  }
}
