/**
 * Counting a decision's simulations against its budget. The simulation count
 * (`budget.sims`) is what bots plan with, so a decision is a pure function of
 * the observation and the seed; the milliseconds (`budget.ms`) are only a
 * safety, in one of two ways:
 *
 * - `cap` (the default): past `capShare` of them the search stops early and
 *   answers with what it has (which can make a decision depend on the
 *   machine's speed, so it should never trigger at the default budget);
 * - `fault`: the clock never shortens a search; a decision still running
 *   past the longest its budget allows (its limit plus the overage bank,
 *   which the arena would fault it for anyway) throws, and the match records
 *   a fault. A decision is then a pure function of the position, the seed
 *   and the count whatever the machine's load (issue 48: sweeps
 *   byte-identical across workers).
 */
import { longestDecisionMs, type Budget } from '../../src/core/bot.js';
import { HavocError } from '../../src/core/errors.js';

/** What the clock does to a search: shorten it, or only fault a decision past its budget. */
export type TimeGuard = 'cap' | 'fault';

export class SimBudget {
  readonly budget: Budget;
  private readonly capShare: number;
  private readonly guard: TimeGuard;
  /** Milliseconds after which the clock acts: capShare of the limit (cap), the whole budget with its bank (fault). */
  private readonly limitMs: number;
  private t0 = 0;
  /** Simulations taken in this decision. */
  used = 0;
  /** Whether the time cap stopped this decision. */
  capped = false;

  constructor(budget: Budget, capShare = 0.5, guard: TimeGuard = 'cap') {
    this.budget = budget;
    this.capShare = capShare;
    this.guard = guard;
    this.limitMs = guard === 'cap' ? budget.ms * capShare : longestDecisionMs(budget);
  }

  /** Starts a decision. */
  begin(): void {
    this.used = 0;
    this.capped = false;
    this.t0 = performance.now();
  }

  /** Simulations left under the count. */
  get left(): number {
    return Math.max(0, this.budget.sims - this.used);
  }

  /** Whether the decision is still inside the time cap (false, and capped from then on, once past it; `fault`: true, or throws). */
  inTime(): boolean {
    if (!this.capped && performance.now() - this.t0 > this.limitMs) this.over();
    return !this.capped;
  }

  /** Takes n simulations; false (take nothing) when the count or the time cap would be passed. */
  take(n = 1): boolean {
    if (this.capped || this.used + n > this.budget.sims) return false;
    if ((this.used & 31) + n >= 32 && performance.now() - this.t0 > this.limitMs) {
      this.over();
      if (this.capped) return false;
    }
    this.used += n;
    return true;
  }

  /** Past the clock's limit: capped, or (fault) the decision fails. */
  private over(): void {
    if (this.guard === 'cap') {
      this.capped = true;
      return;
    }
    const ms = performance.now() - this.t0;
    throw new HavocError('ERR_BOT', 'search', `a decision ran ${ms.toFixed(0)} ms by the wall clock after ${this.used} of its ${this.budget.sims} simulations, past its budget of ${this.limitMs} ms (the machine too slow or too loaded for the count)`);
  }
}
