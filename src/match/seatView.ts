/** A seat's view of the match: its seat state, made only when its bot reads it, with dice of its own. */
import type { AnyGameModule } from '../core/game.js';
import { sfc32Next } from '../core/rng.js';

/**
 * What a bot is handed as its view: `{seat, state}`, where `state` is the
 * ruleset's seat state (what the seat may know, with dice of its own) made
 * only when the bot reads it — most decisions of most bots never do, and the
 * copy is most of what a decision costs the arena. Every decision takes the
 * next four words of the view's dice stream, read or not, so the words a
 * view shows do not depend on what the bot read before; the words of views
 * never read are drawn (and thrown away) only when a later view is read.
 */
export class SeatView {
  private made = false;
  private readonly words = new Uint32Array(4);
  /** Decisions whose four words are not drawn yet: the current one's among them unless 0. */
  private owed = 0;
  /** The view's state, made at its first read. */
  private into: unknown = null;

  /** `dice`: every seat's view dice, four words each (this seat's from 4 * seat). */
  constructor(
    private readonly mod: AnyGameModule,
    private readonly game: unknown,
    private readonly seed: string,
    private readonly st: unknown,
    readonly seat: number,
    private readonly dice: Uint32Array,
  ) {}

  /** A new decision: its four dice words are owed; the state is made again when read. */
  renew(): void {
    this.owed++;
    this.made = false;
  }

  get state(): unknown {
    if (!this.made) {
      this.made = true;
      const w = this.words, d = this.dice, at = 4 * this.seat;
      for (; this.owed > 0; this.owed--) for (let i = 0; i < 4; i++) w[i] = sfc32Next(d, at);
      this.into ??= this.mod.newState(this.game, this.seed);
      this.mod.seatState(this.st, this.seat, this.into, this.words);
    }
    return this.into;
  }

  /** What JSON shows of it (a bot that logs its view): the plain object. */
  toJSON(): { seat: number; state: unknown } {
    return { seat: this.seat, state: this.state };
  }
}
