/**
 * What two `skilled` searches of one position share (issue 48). In
 * self-play — a sweep, a ladder's self-play rows — both seats' bots search
 * the same root game one after the other: the same view but for its dice
 * (unless a seat's hidden mines tell the views apart), the same programs of last turn, so
 * the same candidate lists for both seats, and the same value of every
 * joint cell whose turn rolled no dice (a turn that never reads the dice
 * plays the same whatever they are). The first search keeps its lists and
 * those cells' values here; the second, finding its position's bytes the
 * same, takes the lists rather than generating them and a cell's value
 * rather than playing it. A cell taken so still counts as a simulation of
 * its budget, and a cell that rolled the dice is never kept: the search's
 * moves are the ones it makes alone (flatDecisions' digest), only cheaper.
 *
 * And when none of the first search's turns rolled the dice (most designs
 * have no teleporter) the second search is the first again, iteration for
 * iteration: the same lists, the same values of the same cells, the same
 * UCB1 picks, no draw from its RNG (only a cell with dice draws). So the
 * first keeps both seats' visit counts, and the second takes its seat's
 * move from them without iterating.
 *
 * One position a process (and search options): the last one searched,
 * with its game. Not one a game: a sweep's worker keeps thousands of games
 * (one a pair of designs), and a cell table for each was 55 kB a game.
 */
import { copyState, State } from '../../../src/rules/nhm/state.js';
import { ProgramList } from '../programList.js';

export class SharedRoot {
  /** The position (a copy of its state, and so its game), last turn's programs and the notation; `valid` once a search has recorded one. */
  private position: State | null = null;
  private last: (string | null)[] = [];
  private notation = '';
  private valid = false;
  /** Each seat's candidates, as the searches order and cut them. */
  readonly lists: ProgramList[];
  /** By joint cell (seat 0's candidate × stride + seat 1's): its value for seat 0 when its turn rolled no dice, else NaN. */
  readonly cell: Float64Array;
  /**
   * The first search's visit counts per seat and candidate, kept when none of its turns rolled the dice (`searched`),
   * with the iterations it was asked for under its budget's simulations, and the iterations and simulations it made.
   */
  readonly counts: Float64Array[];
  private searched = false;
  private asked = 0;
  private budgetSims = 0;
  iterationsDone = 0;
  simsDone = 0;

  /** For searches of two machines. */
  constructor(candidates: number) {
    this.lists = [0, 1].map(() => new ProgramList(candidates + 2));
    this.cell = new Float64Array((candidates + 2) * (candidates + 2)).fill(NaN);
    this.counts = [0, 1].map(() => new Float64Array(candidates + 2));
  }

  /** Whether the kept lists and cells are this position's. */
  holds(st: State, last: readonly (string | null)[] | null, notation: string): boolean {
    const p = this.position;
    if (!this.valid || !p || st.game !== p.game || st.turn !== p.turn || st.end !== p.end || st.winner !== p.winner || st.minesUnarmed !== p.minesUnarmed) return false;
    if (notation !== this.notation || (last?.length ?? -1) !== this.last.length) return false;
    if (last) for (let s = 0; s < last.length; s++) if (last[s] !== this.last[s]) return false;
    // Every byte but the dice's (each seat's view has dice of its own, and neither the lists nor a dice-free cell reads them).
    const a = st.bytes, b = p.bytes, d0 = st.dice.byteOffset, d1 = d0 + st.dice.byteLength;
    if (a.length !== b.length) return false;
    for (let k = 0; k < d0; k++) if (a[k] !== b[k]) return false;
    for (let k = d1; k < a.length; k++) if (a[k] !== b[k]) return false;
    return true;
  }

  /** Takes a new position and its lists (copied); every cell unknown. */
  record(st: State, last: readonly (string | null)[] | null, notation: string, lists: readonly ProgramList[]): void {
    if (this.position?.game !== st.game) this.position = new State(st.game);
    copyState(st, this.position);
    this.last = last ? [...last] : [];
    this.notation = notation;
    for (let s = 0; s < lists.length; s++) this.lists[s].copyFrom(lists[s]);
    this.cell.fill(NaN);
    this.searched = false;
    this.valid = true;
  }

  /** Keeps a whole search of the position, one whose turns rolled no dice: its visit counts (copied) and figures. */
  keep(counts: readonly Float64Array[], asked: number, budgetSims: number, iterationsDone: number, simsDone: number): void {
    for (let s = 0; s < counts.length; s++) this.counts[s].set(counts[s]);
    this.asked = asked;
    this.budgetSims = budgetSims;
    this.iterationsDone = iterationsDone;
    this.simsDone = simsDone;
    this.searched = true;
  }

  /** Whether a whole search of the position (it `holds`) with these iterations and simulations is kept. */
  searchedWith(asked: number, budgetSims: number): boolean {
    return this.searched && asked === this.asked && budgetSims === this.budgetSims;
  }
}

const shared = new Map<string, SharedRoot>();

/** The shared position of two-machine searches with these options (each field: the lists, the cells and the picks depend on them). */
export function sharedRootOf(opts: { readonly candidates: number }): SharedRoot {
  const key = JSON.stringify(opts);
  let root = shared.get(key);
  if (!root) shared.set(key, (root = new SharedRoot(opts.candidates)));
  return root;
}
