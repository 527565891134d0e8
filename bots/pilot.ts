/**
 * `pilot`: a heuristic Hovercrafts bot. For each of its ships, in ship order,
 * it searches the ship's programs phase by phase (a beam of the best partial
 * programs) against a board where the enemies stay as they are, scoring each
 * phase by:
 *
 * - firing position: every enemy in its three front hexes, worth the chance
 *   its Ballistic check beats that enemy's Shield (twice for a ship on its
 *   last hull point); nothing while landed;
 * - exposure: every enemy that has it in its front hexes, worth the chance
 *   that enemy hits it (more when it is hurt);
 * - walls (1 damage) and the map's edge (out of the game) avoided; rams taken
 *   only when its Hull check is likelier to win than to lose; allies' hexes
 *   (as planned so far) not entered;
 * - EMP when an enemy not likely to out-roll it is beside it (allies beside
 *   it count against); Repair when hurt, worth more the lower its hull;
 *
 * then, at the end of the program, closing on the nearest enemy and not
 * facing the map's edge. Deterministic: it draws nothing from its RNG.
 */
import { frontHexes, hexDistance, turnLeft, turnRight } from '../src/core/hex.js';
import { ACTION_WORDS, EMP, LAND, LEFT, MOVE, REPAIR, RIGHT } from '../src/rules/hovercrafts/actions.js';
import type { HoverBot, HoverBotContext } from '../src/rules/hovercrafts/botApi.js';
import { BALLISTIC, ENERGY, HULL, SHIELD } from '../src/rules/hovercrafts/ships.js';
import type { HoverState } from '../src/rules/hovercrafts/state.js';

/** P(a check with stat a beats one with stat b), ties rolled again; halves are 1, 2, 3 each a third. */
export function pBeat(a: number, b: number): number {
  let win = 0, lose = 0;
  for (let x = 1; x <= 3; x++)
    for (let y = 1; y <= 3; y++) {
      if (x + a > y + b) win++;
      else if (x + a < y + b) lose++;
    }
  return win + lose === 0 ? 0.5 : win / (win + lose);
}
/** P(a check of a is at most b's): the chance the first takes a ram's damage (ties hurt both), or an EMP affects a ship of Energy a (a tie fails to beat it). */
function pNotAbove(a: number, b: number): number {
  let n = 0;
  for (let x = 1; x <= 3; x++) for (let y = 1; y <= 3; y++) if (x + a <= y + b) n++;
  return n / 9;
}

const BEAM = 48;
const ACTIONS = [MOVE, LEFT, RIGHT, LAND, EMP, REPAIR];

interface Node {
  cell: number;
  /** Where the ship would be if every move got through (ships it would ram having moved away, or been destroyed): the edge is judged from here too. */
  ghost: number;
  facing: number;
  /** Hull left. */
  hull: number;
  emp: boolean;
  score: number;
  cells: number[];
  acts: number[];
}

/** The pilot, and the runners-up of its search (a search bot's candidates). */
export interface Pilot extends HoverBot {
  /**
   * Up to `max` distinct programs for the seat in `st`, the pilot's own first;
   * then, ship by ship, one ship flying its plan ranked 2nd, 3rd, … while the
   * ships after it plan around it as the pilot would.
   */
  variants(st: HoverState, max: number): string[];
}

export default function pilot(ctx: HoverBotContext): Pilot {
  const g = ctx.hovercrafts;
  const hex = g.hex;
  const stat = (s: number, i: number): number => g.stats[4 * s + i];
  /** The seat's program, its j-th ship flying its plan ranked rank(j) (0: the best). */
  const programOf = (st: HoverState, rank: (j: number) => number): string => {
    const mine = g.seatShips[ctx.seat];
    const team = g.seatTeam[ctx.seat];
    const enemies: number[] = [];
    for (let s = 0; s < g.ships; s++) if (!st.out[s] && g.team[s] !== team) enemies.push(s);
    /** Hexes allies are planned to be on, per phase (ships planned so far), and where the rest of the team is. */
    const planned: number[][] = [];
    const out: string[] = [];
    for (let j = 0; j < mine.length; j++) {
      const s = mine[j];
      const k = st.out[s] ? 0 : st.actions[s];
      if (k === 0) {
        out.push('-');
        continue;
      }
      const plans = search(st, s, k, enemies, planned, team);
      const plan = plans[Math.min(rank(j), plans.length - 1)];
      planned.push(plan.cells);
      out.push(plan.acts.map((a) => ACTION_WORDS[a]).join(' '));
    }
    return out.join(' / ');
  };
  return {
    program: (_obs, view) => programOf(view.state, () => 0),
    variants(st, max) {
      const out = [programOf(st, () => 0)];
      const ships = g.seatShips[ctx.seat].length;
      for (let r = 1; out.length < max && r < max; r++)
        for (let j = 0; j < ships && out.length < max; j++) {
          const p = programOf(st, (i) => (i === j ? r : 0));
          if (!out.includes(p)) out.push(p);
        }
      return out;
    },
  };

  /** The hex ship `s`'s teammate is on at phase p (planned, or standing), or whether any is on `c`. */
  function allyOn(st: HoverState, s: number, team: number, c: number, p: number, planned: number[][]): boolean {
    for (const cells of planned) if (cells[Math.min(p, cells.length - 1)] === c) return true;
    // Teammates not planned yet (later ships of this seat, or other seats' ships) stay where they are.
    for (let x = 0; x < g.ships; x++) {
      if (x === s || st.out[x] || g.team[x] !== team) continue;
      if (planned.length && g.seatOf[x] === g.seatOf[s] && x < s) continue; // planned already
      if (st.cell[x] === c) return true;
    }
    return false;
  }

  function enemyOn(st: HoverState, enemies: number[], c: number): number {
    for (const e of enemies) if (st.cell[e] === c) return e;
    return -1;
  }

  /** Ship s's plans of k actions, best first (its search's last beam, ranked by the end of the program too). */
  function search(st: HoverState, s: number, k: number, enemies: number[], planned: number[][], team: number): { acts: number[]; cells: number[] }[] {
    const myB = stat(s, BALLISTIC), myS = stat(s, SHIELD), myE = stat(s, ENERGY), maxHull = stat(s, HULL);
    const hurtValue = (hull: number): number => 14 + 22 / Math.max(1, hull);
    let beam: Node[] = [{ cell: st.cell[s], ghost: st.cell[s], facing: st.facing[s], hull: maxHull - st.damage[s], emp: false, score: 0, cells: [], acts: [] }];
    for (let p = 0; p < k; p++) {
      const next: Node[] = [];
      for (const n of beam)
        for (const a of ACTIONS) {
          let { cell, ghost, facing, hull, emp, score } = n;
          let landed = false;
          if (a === LEFT) facing = turnLeft(facing);
          else if (a === RIGHT) facing = turnRight(facing);
          else if (a === LAND) landed = true;
          else if (a === REPAIR) {
            landed = true;
            if (hull < maxHull) score += hurtValue(hull) * 0.9, hull++;
            else score -= 1;
          } else if (a === EMP) {
            landed = true;
            if (!emp) {
              emp = true;
              for (let f = 0; f < 6; f++) {
                const c = hex.next[cell * 6 + f];
                if (c < 0) continue;
                const e = enemyOn(st, enemies, c);
                if (e >= 0) score += 7 * pNotAbove(stat(e, ENERGY), myE);
                else if (allyOn(st, s, team, c, p, planned)) score -= 5 * pNotAbove(1, myE);
              }
            }
            score -= 0.5;
          } else {
            const t = hex.next[cell * 6 + facing];
            const gt = hex.next[ghost * 6 + facing];
            if (gt < 0 && t >= 0) score -= 600; // off the map should the ship ahead move away or fall
            else if (gt >= 0 && !st.walls[gt]) ghost = gt;
            if (t < 0) score -= 1000; // off the map: out of the game
            else if (st.walls[t]) score -= hurtValue(hull), hull--;
            else if (allyOn(st, s, team, t, p, planned)) score -= 60;
            else {
              const e = enemyOn(st, enemies, t);
              if (e < 0) cell = ghost = t;
              else {
                const eh = stat(e, HULL) - st.damage[e];
                const take = pNotAbove(hull, eh), give = pNotAbove(eh, hull);
                score += give * (eh <= 1 ? 30 : 12) - take * hurtValue(hull);
              }
            }
          }
          if (hull <= 0) score -= 500;
          // The phase's shots at its end.
          if (!landed) {
            for (const c of frontHexes(hex, cell, facing)) {
              if (c < 0) continue;
              const e = enemyOn(st, enemies, c);
              if (e >= 0) score += 10 * pBeat(myB, stat(e, SHIELD)) * (stat(e, HULL) - st.damage[e] <= 1 ? 2 : 1);
            }
          }
          for (const e of enemies) {
            const f3 = frontHexes(hex, st.cell[e], st.facing[e]);
            if (f3[0] === cell || f3[1] === cell || f3[2] === cell) score -= 9 * pBeat(stat(e, BALLISTIC), myS) * (hull <= 1 ? 2.5 : 1);
            else if (hexDistance(hex, cell, st.cell[e]) === 1) score -= 1.5;
          }
          next.push({ cell, ghost, facing, hull, emp, score, cells: [...n.cells, cell], acts: [...n.acts, a] });
        }
      next.sort((x, y) => y.score - x.score || cmpActs(x.acts, y.acts));
      beam = next.slice(0, BEAM);
    }
    // Where the program leaves the ship: near the nearest enemy, in its sights, not facing the edge.
    const ranked = beam.map((n) => {
      let v = n.score;
      let near = Infinity;
      for (const e of enemies) near = Math.min(near, hexDistance(hex, n.cell, st.cell[e]));
      if (near < Infinity) v -= 2 * near;
      if (hex.next[n.cell * 6 + n.facing] < 0 || hex.next[n.ghost * 6 + n.facing] < 0) v -= 4;
      return { n, v };
    });
    ranked.sort((x, y) => y.v - x.v || cmpActs(x.n.acts, y.n.acts));
    return ranked.map(({ n }) => ({ acts: n.acts, cells: n.cells }));
  }
}

/** A fixed order between programs, so equal scores pick the same one every time. */
function cmpActs(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
