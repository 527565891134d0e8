/**
 * A sequential probability ratio test on the mean of bounded observations
 * (a game's score, or the difference of two builds' scores over the same
 * seat-swapped pair): H0 mean = mu0 against H1 mean = mu1, stopped as soon as
 * the evidence crosses Wald's bounds, or at a cap.
 *
 * The observations are not Bernoulli (draws, pairs of games, differences),
 * so the likelihood ratio is the generalised one of fishtest and fastchess
 * (Van den Bergh's GSPRT): a normal model whose variance is the sample's,
 *   LLR = (mu1 − mu0) · (Σx − n·(mu0 + mu1)/2) / s²,
 * which is the exact log ratio for normal observations of variance s² and,
 * by the central limit theorem, close to it for any bounded ones. Its error
 * rates are checked by simulation in test/unit/sprt.test.ts: beta as asked, alpha
 * a little above it (the sample variance is noisy early on; see `minN`).
 */

/** What a test is: the two means and the error rates wanted. */
export interface SprtSpec {
  /** The mean under H0 (the null: no better). */
  readonly mu0: number;
  /** The mean under H1 (better by the smallest effect worth finding); mu1 > mu0. */
  readonly mu1: number;
  /** Chance of deciding H1 when H0 holds. */
  readonly alpha: number;
  /** Chance of deciding H0 when H1 holds. */
  readonly beta: number;
  /**
   * Observations before any decision (default 16): a variance from a handful
   * is often too small, and the test then decides H1 too readily (measured in
   * test/unit/sprt.test.ts: about 1.5·alpha after 8, 1.35·alpha after 16, 1.2·alpha after 24).
   */
  readonly minN?: number;
  /** Observations after which the test stops undecided (default: never). */
  readonly maxN?: number;
}

/** Where a test stands: decided for H0 or H1, stopped at its cap (`cap`), or still going (`continue`). */
export type SprtState = 'H0' | 'H1' | 'cap' | 'continue';

/** Wald's bounds on the log likelihood ratio: below `lower` accept H0, above `upper` accept H1. */
export function sprtBounds(alpha: number, beta: number): { lower: number; upper: number } {
  if (!(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5)) throw new RangeError(`sprt: alpha and beta must be in (0, 0.5), got ${alpha}, ${beta}`);
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/**
 * The GSPRT log likelihood ratio of n observations with sum `sum` and sum of
 * squares `sumSq`. The variance is floored (1e-4): observations all alike
 * (two builds that win every game) carry evidence that the mean is what they
 * are, not an infinite ratio.
 */
export function sprtLlr(n: number, sum: number, sumSq: number, mu0: number, mu1: number): number {
  if (n < 2) return 0;
  const mean = sum / n;
  const variance = Math.max(1e-4, (sumSq - n * mean * mean) / (n - 1));
  return ((mu1 - mu0) * (sum - (n * (mu0 + mu1)) / 2)) / variance;
}

/** A running test: push observations, read `state`. */
export class Sprt {
  private n_ = 0;
  private sum = 0;
  private sumSq = 0;
  private readonly lower: number;
  private readonly upper: number;

  constructor(readonly spec: SprtSpec) {
    if (!(spec.mu1 > spec.mu0)) throw new RangeError(`sprt: mu1 must be above mu0, got ${spec.mu0}, ${spec.mu1}`);
    ({ lower: this.lower, upper: this.upper } = sprtBounds(spec.alpha, spec.beta));
  }

  push(x: number): void {
    this.n_++;
    this.sum += x;
    this.sumSq += x * x;
  }

  get n(): number {
    return this.n_;
  }

  get mean(): number {
    return this.n_ ? this.sum / this.n_ : 0;
  }

  get llr(): number {
    return sprtLlr(this.n_, this.sum, this.sumSq, this.spec.mu0, this.spec.mu1);
  }

  get state(): SprtState {
    if (this.n_ >= (this.spec.minN ?? 16)) {
      const llr = this.llr;
      if (llr >= this.upper) return 'H1';
      if (llr <= this.lower) return 'H0';
    }
    return this.n_ >= (this.spec.maxN ?? Infinity) ? 'cap' : 'continue';
  }
}
