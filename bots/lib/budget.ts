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
 *
 * Under the budget's `cpu` clock (the default) the milliseconds are this
 * thread's CPU time, as the arena times in-thread bots: the wall clock is
 * read first (cheap), and only once it is past the limit is the thread's CPU
 * time read to confirm it. So a loaded machine, whose waits for a CPU the
 * wall clock counts, neither shortens a search nor faults it (at a load
 * average of 30 nash's cap cut RBP searches short and the shipped ladder's
 * rows changed).
 */
import { longestDecisionMs, type Budget } from '../../src/core/bot.js';
import { HavocError } from '../../src/core/errors.js';
import { readThreadTimes, threadTimes } from '../../src/core/threadCpu.js';

/** What the clock does to a search: shorten it, or only fault a decision past its budget. */
export type TimeGuard = 'cap' | 'fault';

export class SimBudget {
  readonly budget: Budget;
  private readonly capShare: number;
  private readonly guard: TimeGuard;
  /** Milliseconds after which the clock acts: capShare of the limit (cap), the whole budget with its bank (fault). */
  private readonly limitMs: number;
  private t0 = 0;
  /** This thread's CPU milliseconds at the decision's start; NaN under the wall clock or where the OS does not say. */
  private cpu0 = NaN;
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
    this.cpu0 = this.budget.clock !== 'wall' && readThreadTimes() ? threadTimes[0] : NaN;
  }

  /** Whether the decision is past the clock's limit: by the wall clock, confirmed by the thread's CPU time where it counts. */
  private past(): boolean {
    if (performance.now() - this.t0 <= this.limitMs) return false;
    if (Number.isNaN(this.cpu0) || !readThreadTimes()) return true;
    return threadTimes[0] - this.cpu0 > this.limitMs;
  }

  /** Simulations left under the count. */
  get left(): number {
    return Math.max(0, this.budget.sims - this.used);
  }

  /** Whether the decision is still inside the time cap (false, and capped from then on, once past it; `fault`: true, or throws). */
  inTime(): boolean {
    if (!this.capped && this.past()) this.over();
    return !this.capped;
  }

  /** Takes n simulations; false (take nothing) when the count or the time cap would be passed. */
  take(n = 1): boolean {
    if (this.capped || this.used + n > this.budget.sims) return false;
    if ((this.used & 31) + n >= 32 && this.past()) {
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
    const cpu = !Number.isNaN(this.cpu0) && readThreadTimes();
    const ms = cpu ? threadTimes[0] - this.cpu0 : performance.now() - this.t0;
    throw new HavocError('ERR_BOT', 'search', `a decision ran ${ms.toFixed(0)} ms ${cpu ? 'of CPU time' : 'by the wall clock'} after ${this.used} of its ${this.budget.sims} simulations, past its budget of ${this.limitMs} ms (the machine too slow or too loaded for the count)`);
  }
}
