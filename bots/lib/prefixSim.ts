/**
 * Two machines' joint turns from one position, their common beginnings
 * played once. An NHM turn is five command steps, and the state after step
 * k depends only on the start, on the two programs' first k+1 commands and
 * on whether each is a repair program (a flag set from the whole program
 * before the first step). A search plays many pairs of candidates from the
 * same position, and candidates share their first commands (standing still
 * firing, the same first move), so the states after steps 1 to 4 are kept
 * and a turn resumes from the longest prefix already played: the same
 * outcome, byte for byte, as playing it whole (test/unit/prefix-sim.test.ts).
 *
 * `setCandidates` takes each seat's candidate list and gives every
 * candidate, for each step, a prefix id (the first candidate with the same
 * commands so far); a kept state is found by the two ids in a table, and
 * kept the second time its prefix is played (most prefixes are played
 * once, and keeping one is a copy of the state).
 *
 * Dice: a kept state whose prefix rolled none (its dice still the start's)
 * holds for any dice and resumes with the start's copied in; one whose
 * prefix rolled them holds only while the start's dice are those it was
 * played with (the caller writes the start's dice, then `diceChanged`).
 * A repair program is played from the start.
 */
import { defaultChooser } from '../../src/rules/nhm/choices.js';
import * as commands from '../../src/rules/nhm/commands.js';
import type { Game } from '../../src/rules/nhm/game.js';
import { scratchOf } from '../../src/rules/nhm/scratch.js';
import * as stateMod from '../../src/rules/nhm/state.js';
import { copyState, State } from '../../src/rules/nhm/state.js';
import { isRepairProgram, playStep, playTurn, type Chooser } from '../../src/rules/nhm/step.js';

// Module-local copies of imported constants for the hot loop (sim.ts says why).
const PROGRAM_LENGTH = commands.PROGRAM_LENGTH;
const END_NONE = stateMod.END_NONE, END_TURN_LIMIT = stateMod.END_TURN_LIMIT, DRAW = stateMod.DRAW;
/** A prefix's entry in the table before it is kept: never played, played once. */
const UNSEEN = -1, SEEN = -2;
/** Kept states allocated at once. */
const CHUNK = 256;
/** Steps whose outcome is kept: all but the last (a whole turn is the caller's to keep). */
const KEPT = PROGRAM_LENGTH - 1;

/** One seat's candidates as prefixes: per step k < KEPT, each candidate's prefix id. */
class Prefixes {
  id = new Int32Array(0);
  repair = new Uint8Array(0);
  count = 0;
  /** An open-addressing table from (prefix id a step shorter, command) to the first candidate with them. */
  private keys = new Int32Array(0);
  private firsts = new Int32Array(0);

  set(codes: Uint16Array, count: number): void {
    if (this.repair.length < count) {
      this.id = new Int32Array(KEPT * count);
      this.repair = new Uint8Array(count);
      let size = 4;
      while (size < 2 * count) size <<= 1;
      this.keys = new Int32Array(size);
      this.firsts = new Int32Array(size);
    }
    this.count = count;
    const id = this.id, keys = this.keys, firsts = this.firsts, mask = keys.length - 1, shift = 32 - Math.log2(keys.length);
    for (let i = 0; i < count; i++) this.repair[i] = isRepairProgram(codes, i) ? 1 : 0;
    for (let k = 0; k < KEPT; k++) {
      keys.fill(-1);
      for (let i = 0; i < count; i++) {
        // The first candidate whose prefix is i's: the same prefix one step shorter, and the same command at step k.
        const key = (k === 0 ? 0 : id[(k - 1) * count + i]) * 65536 + codes[i * PROGRAM_LENGTH + k];
        let h = Math.imul(key, 0x9e3779b1) >>> shift;
        while (keys[h] !== -1 && keys[h] !== key) h = (h + 1) & mask;
        if (keys[h] === -1) (keys[h] = key), (firsts[h] = i);
        id[k * count + i] = firsts[h];
      }
    }
  }
}

export class PrefixSimulator {
  readonly game: Game;
  /** The position plays start from (set by `reset`; a caller may write its dice, then calls `diceChanged`). */
  readonly start: State;
  /** The outcome of the last play; overwritten by the next. */
  readonly state: State;
  /** Turns played, and command steps played (a shared prefix's steps are not). */
  count = 0;
  steps = 0;
  private readonly chooser: Chooser;
  private readonly pre = [new Prefixes(), new Prefixes()];
  private codes0: Uint16Array = new Uint16Array(0);
  private codes1: Uint16Array = new Uint16Array(0);
  private readonly joint = new Uint16Array(2 * PROGRAM_LENGTH);
  /** Per step, the kept state's node by the two prefix ids (UNSEEN, SEEN: none kept). */
  private at = new Int32Array(0);
  private stride = 0;
  /** The kept states (a pool kept across positions), each one's dice epoch and whether its prefix rolled dice. */
  private readonly nodes: Uint8Array[] = [];
  /** Each kept state's scalars (its turn is the start's: a turn's count moves at its end). */
  private nodeEnd = new Int8Array(0);
  private nodeWinner = new Int8Array(0);
  private nodeMines = new Int32Array(0);
  private nodeEpoch = new Int32Array(0);
  private nodeRolled = new Uint8Array(0);
  private used = 0;
  /** Kept states in use for the present position (the pool's size is the most ever used). */
  get kept(): number {
    return this.used;
  }
  private epoch = 0;

  constructor(game: Game, chooser: Chooser = defaultChooser) {
    if (game.n !== 2) throw new Error(`PrefixSimulator plays two machines, not ${game.n}`);
    this.game = game;
    this.start = new State(game);
    this.state = new State(game);
    this.chooser = chooser;
  }

  /** Takes `from` as the start of the following plays (their candidates given next, by `setCandidates`). */
  reset(from: State): void {
    copyState(from, this.start);
    this.at.fill(UNSEEN); // nothing kept holds for another start
    this.used = 0;
    this.epoch++;
  }

  /** Each seat's candidates (PROGRAM_LENGTH codes each, read in place until the next call): what `playPair` indexes. */
  setCandidates(codes0: Uint16Array, count0: number, codes1: Uint16Array, count1: number): void {
    this.pre[0].set(codes0, count0);
    this.pre[1].set(codes1, count1);
    this.codes0 = codes0;
    this.codes1 = codes1;
    const stride = (this.stride = count1), len = KEPT * count0 * stride;
    if (this.at.length < len) this.at = new Int32Array(len);
    // As many nodes as table entries at most: sized here, so playPair's locals stay the arrays it writes.
    if (this.nodeEpoch.length < len) {
      this.nodeEpoch = new Int32Array(len);
      this.nodeRolled = new Uint8Array(len);
      this.nodeEnd = new Int8Array(len);
      this.nodeWinner = new Int8Array(len);
      this.nodeMines = new Int32Array(len);
    }
    this.at.fill(UNSEEN, 0, len);
    this.used = 0;
  }

  /** The start's dice were written: prefixes that rolled dice are played again. */
  diceChanged(): void {
    this.epoch++;
  }

  /** Plays seat 0's candidate i against seat 1's candidate j from the start; returns the outcome (this.state). */
  playPair(i: number, j: number): State {
    const st = this.state, start = this.start, joint = this.joint, c0 = this.codes0, c1 = this.codes1;
    for (let k = 0; k < PROGRAM_LENGTH; k++) {
      joint[k] = c0[i * PROGRAM_LENGTH + k];
      joint[PROGRAM_LENGTH + k] = c1[j * PROGRAM_LENGTH + k];
    }
    this.count++;
    const p0 = this.pre[0], p1 = this.pre[1];
    if (start.end !== END_NONE || p0.repair[i] || p1.repair[j]) {
      copyState(start, st);
      playTurn(st, joint, this.chooser);
      this.steps += PROGRAM_LENGTH;
      return st;
    }
    // The longest prefix kept.
    const at = this.at, id0 = p0.id, id1 = p1.id, n0 = p0.count, n1 = p1.count, stride = this.stride;
    const epoch = this.epoch, nodeEpoch = this.nodeEpoch, rolled = this.nodeRolled;
    let node = -1, k = 0;
    for (; k < KEPT; k++) {
      const id = at[(k * n0 + id0[k * n0 + i]) * stride + id1[k * n1 + j]];
      // None kept, or kept with other dice (played again below, into the same node, as is every node below it).
      if (id < 0 || (rolled[id] && nodeEpoch[id] !== epoch)) break;
      node = id;
    }
    const sd = start.dice, d = st.dice, prog = st.prog;
    if (node < 0) {
      copyState(start, st);
      st.repairing[0] = st.repairing[1] = 0;
      st.absorbed[0] = st.absorbed[1] = 0;
    } else {
      st.bytes.set(this.nodes[node]);
      st.turn = start.turn;
      st.end = this.nodeEnd[node];
      st.winner = this.nodeWinner[node];
      st.minesUnarmed = this.nodeMines[node];
      if (!rolled[node]) (d[0] = sd[0]), (d[1] = sd[1]), (d[2] = sd[2]), (d[3] = sd[3]);
    }
    for (let c = 0; c < 2 * PROGRAM_LENGTH; c++) prog[c] = joint[c];
    const S = scratchOf(st);
    for (; k < PROGRAM_LENGTH && st.end === END_NONE; k++) {
      playStep(st, S, k, this.chooser, null);
      this.steps++;
      if (k === KEPT) break;
      const a = id0[k * n0 + i], b = id1[k * n1 + j];
      // Kept the second time a prefix is played (most are played once: a copy for nothing); a node kept before is
      // played again only when its dice were others, and is overwritten.
      const e = (k * n0 + a) * stride + b;
      let id = at[e];
      if (id === UNSEEN) {
        at[e] = SEEN;
        continue;
      }
      if (id === SEEN) {
        id = this.used++;
        if (id === this.nodes.length) this.grow();
        at[e] = id;
      }
      this.nodes[id].set(st.bytes);
      this.nodeEnd[id] = st.end;
      this.nodeWinner[id] = st.winner;
      this.nodeMines[id] = st.minesUnarmed;
      rolled[id] = d[0] !== sd[0] || d[1] !== sd[1] || d[2] !== sd[2] || d[3] !== sd[3] ? 1 : 0;
      nodeEpoch[id] = epoch;
      node = id;
    }
    // playTurn's close.
    st.turn++;
    if (st.end === END_NONE && st.turn >= this.game.turnLimit) {
      st.end = END_TURN_LIMIT;
      st.winner = DRAW;
    }
    return st;
  }

  /** Another chunk of kept states' bytes (views made once, on one buffer a chunk). */
  private grow(): void {
    const len = this.state.bytes.length, buf = new ArrayBuffer(CHUNK * len);
    for (let c = 0; c < CHUNK; c++) this.nodes.push(new Uint8Array(buf, c * len, len));
  }
}
