/**
 * What a seat knows. Before the reveal, its own army and the enemy's army
 * list (a match's builds are public); after it, every enemy piece's square
 * and whether it is an officer — not which piece it is — plus what the
 * battle shows: panics, damage taken, arrows shot, and each piece that left
 * the board (killed, escaped or surrendered pieces are known for what they
 * were). A seat's simulation state guesses the enemy's hidden identities
 * from the seat's own dice, consistently with what it has seen where it can.
 */
import { sfc32Next } from '../../core/rng.js';
import { squareName } from './board.js';
import { arrowsLeft } from './actions.js';
import { armyKey } from './army.js';
import { actingType, baseType, bonus, copyBeState, COIN, DEAD, DEPLOY, ESCAPED, ON, OVER, PANIC, type BeState } from './state.js';

/** One's own piece. */
export interface OwnPiece {
  readonly piece: string;
  readonly square: string | null;
  readonly hp: number;
  readonly damage: number;
  readonly bonus: number;
  readonly arrows: number;
  readonly panicked: boolean;
  /** The row it acts by now (another than its own while levelled up). */
  readonly actsAs: string;
  readonly status: 'on' | 'killed' | 'escaped' | 'surrendered';
}
/** An enemy piece on the board, as the seat sees it. */
export interface EnemyPiece {
  readonly square: string;
  readonly officer: boolean;
  readonly panicked: boolean;
  readonly damage: number;
  readonly shot: number;
}
/** A seat's observation. */
export interface BeObservation {
  readonly seat: number;
  readonly phase: 'deploy' | 'start' | 'play' | 'over';
  readonly toMove: number | null;
  readonly turn: number;
  readonly board: { readonly width: number; readonly height: number; readonly rowsPerSide: number };
  readonly own: readonly OwnPiece[];
  readonly enemyArmy: string;
  /** In square order. */
  readonly enemy: readonly EnemyPiece[];
  /** Enemy pieces off the board, by piece key then status. */
  readonly enemyGone: readonly { readonly piece: string; readonly status: string }[];
  /** The square of the piece acting this turn, or null. */
  readonly acting: string | null;
}

const status = (f: number): OwnPiece['status'] => (f & ON ? 'on' : f & DEAD ? 'killed' : f & ESCAPED ? 'escaped' : 'surrendered');
const PHASES = ['deploy', 'start', 'play', 'over'] as const;

/** The whole state as JSON for a scenario's trace: each side's pieces as its own observation shows them (hit points, damage, bonus, arrows, panic, status), whose turn, the acting piece (with its moves left and attacks made this turn). */
export function stateJson(st: BeState): object {
  const a = observe(st, 0), b = observe(st, 1);
  const acting = a.acting ? { acting: a.acting, movesLeft: st.movesLeft, attacksDone: st.attacksDone } : { acting: null };
  return { phase: a.phase, turn: a.turn, toMove: a.toMove === null ? null : 'AB'[a.toMove], ...acting, pieces: { A: a.own, B: b.own } };
}

export function observe(st: BeState, seat: number): BeObservation {
  const g = st.game, b = g.board, enemy = 1 - seat;
  const name = (q: number): string => squareName(b, q);
  const own: OwnPiece[] = [];
  for (let p = g.first[seat]; p < g.first[seat + 1]; p++) {
    const t = baseType(st, p);
    own.push({
      piece: t.key,
      square: st.sq[p] >= 0 ? name(st.sq[p]) : null,
      hp: t.hp,
      damage: st.dmg[p],
      bonus: bonus(st, p),
      arrows: arrowsLeft(st, p),
      panicked: (st.flags[p] & PANIC) !== 0,
      actsAs: st.flags[p] & ON ? actingType(st, p).key : t.key,
      status: st.phase === DEPLOY ? 'on' : status(st.flags[p]),
    });
  }
  const enemyPieces: (EnemyPiece & { at: number })[] = [];
  const gone: { piece: string; status: string }[] = [];
  if (st.phase !== DEPLOY)
    for (let p = g.first[enemy]; p < g.first[enemy + 1]; p++) {
      if (st.flags[p] & ON)
        enemyPieces.push({ at: st.sq[p], square: name(st.sq[p]), officer: baseType(st, p).officer, panicked: (st.flags[p] & PANIC) !== 0, damage: st.dmg[p], shot: st.shot[p] });
      else gone.push({ piece: baseType(st, p).key, status: status(st.flags[p]) });
    }
  enemyPieces.sort((x, y) => x.at - y.at);
  gone.sort((x, y) => (x.piece < y.piece ? -1 : x.piece > y.piece ? 1 : x.status < y.status ? -1 : x.status > y.status ? 1 : 0));
  return {
    seat,
    phase: PHASES[st.phase],
    toMove: st.phase === OVER || st.phase === DEPLOY || st.phase === COIN ? null : st.toMove,
    turn: st.turn,
    board: { width: b.width, height: b.height, rowsPerSide: b.rowsPerSide },
    own,
    enemyArmy: armyKey(g.roster, g.armies[enemy]),
    enemy: enemyPieces.map(({ at: _at, ...e }) => e),
    enemyGone: gone,
    acting: st.active >= 0 ? name(st.sq[st.active]) : null,
  };
}

/**
 * The state `seat` may simulate: its own side as it is; the enemy's pieces
 * that left the board on the lowest numbers of their type; those on the board
 * given identities drawn from the seat's dice among the enemy's remaining
 * pieces of the same kind (officer or not), preferring a draw in which no
 * piece has taken more damage than its type could survive or shot more
 * arrows than it has; and the seat's dice for the rules' own.
 */
export function seatState(st: BeState, seat: number, into: BeState, dice: Uint32Array): void {
  copyBeState(st, into);
  const g = st.game, enemy = 1 - seat;
  if (st.phase !== DEPLOY) {
    const lo = g.first[enemy], hi = g.first[enemy + 1];
    // pieces off the board: on the lowest numbers of their type, in status order
    const offByType = new Map<number, number[]>();
    const slots: number[] = [];
    for (let p = lo; p < hi; p++) {
      if (st.flags[p] & ON) slots.push(p);
      else {
        const t = g.type[p];
        let l = offByType.get(t);
        if (!l) offByType.set(t, (l = []));
        l.push(st.flags[p]);
      }
    }
    slots.sort((x, y) => st.sq[x] - st.sq[y]);
    const free: number[][] = [[], []];
    for (let p = lo; p < hi; ) {
      const t = g.type[p];
      let e = p;
      while (e < hi && g.type[e] === t) e++;
      const off = (offByType.get(t) ?? []).sort((x, y) => x - y);
      for (let k = p; k < e; k++) {
        into.sq[k] = -1;
        into.dmg[k] = 0;
        into.shot[k] = 0;
        if (k - p < off.length) into.flags[k] = off[k - p];
        else free[g.roster.pieces[t].officer ? 1 : 0].push(k);
      }
      p = e;
    }
    for (const s of slots) into.occ[st.sq[s]] = -1;
    let pick: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const pool = [free[0].slice(), free[1].slice()];
      for (const pl of pool)
        for (let i = pl.length - 1; i > 0; i--) {
          const j = sfc32Next(dice, 0) % (i + 1);
          [pl[i], pl[j]] = [pl[j], pl[i]];
        }
      pick = slots.map((s) => pool[baseType(st, s).officer ? 1 : 0].pop()!);
      const fits = slots.every((s, i) => {
        const t = g.roster.pieces[g.type[pick[i]]];
        return st.dmg[s] < t.hp + 3 && st.shot[s] <= t.arrows;
      });
      if (fits) break;
    }
    slots.forEach((s, i) => {
      const k = pick[i];
      into.sq[k] = st.sq[s];
      into.dmg[k] = st.dmg[s];
      into.shot[k] = st.shot[s];
      into.flags[k] = st.flags[s];
      into.occ[st.sq[s]] = k;
      if (st.active === s) into.active = k;
    });
  }
  for (let i = 0; i < 4; i++) into.dice[i] = sfc32Next(dice, 0);
  if ((into.dice[0] | into.dice[1] | into.dice[2] | into.dice[3]) === 0) into.dice[0] = 1;
}
