/**
 * Counting a decision's simulations against its budget. The simulation count
 * (`budget.sims`) is what bots plan with, so a decision is a pure function of
 * the observation and the seed; the milliseconds (`budget.ms`) are only a
 * safety cap: past `capShare` of them the search stops early (which can make
 * a decision depend on the machine's speed, so it should never trigger at the
 * default budget).
 */
import type { Budget } from '../../src/core/bot.js';

export class SimBudget {
  readonly budget: Budget;
  private readonly capShare: number;
  private t0 = 0;
  /** Simulations taken in this decision. */
  used = 0;
  /** Whether the time cap stopped this decision. */
  capped = false;

  constructor(budget: Budget, capShare = 0.5) {
    this.budget = budget;
    this.capShare = capShare;
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

  /** Whether the decision is still inside the time cap (false, and capped from then on, once past it). */
  inTime(): boolean {
    if (!this.capped && performance.now() - this.t0 > this.budget.ms * this.capShare) this.capped = true;
    return !this.capped;
  }

  /** Takes n simulations; false (take nothing) when the count or the time cap would be passed. */
  take(n = 1): boolean {
    if (this.capped || this.used + n > this.budget.sims) return false;
    if ((this.used & 31) + n >= 32 && performance.now() - this.t0 > this.budget.ms * this.capShare) {
      this.capped = true;
      return false;
    }
    this.used += n;
    return true;
  }
}
