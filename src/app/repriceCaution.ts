/**
 * What the kept prices of `havoc reprice` make worse than the prices given,
 * by the two measures a flag count does not see: the metagame's equilibrium
 * (`--meta`) and the strongest builds (`--optimize`). Fewer flags is what a
 * round is kept for; a designer should still hear when the kept prices
 * narrow the field a rational player would play, or leave more builds
 * beating every drawn opponent (on the shipped NHM catalogue they did both:
 * docs/balance.md).
 */

/** Before and after, as measured (null: not measured). */
export interface KeptVersusGiven {
  /** Builds in the equilibrium's support of the top `top` builds. */
  readonly support: { readonly top: number; readonly before: number; readonly after: number } | null;
  /** Dominant builds among the `top` strongest found. */
  readonly dominant: { readonly top: number; readonly before: number; readonly after: number } | null;
}

const builds = (n: number): string => `${n} build${n === 1 ? '' : 's'}`;

/** The caution line, or null when neither measure got worse; `aim`: what the round was kept for (reprice's --aim). */
export function repriceCaution(m: KeptVersusGiven, aim: 'flags' | 'support' = 'flags'): string | null {
  const worse: string[] = [];
  if (m.support && m.support.after < m.support.before)
    worse.push(`the equilibrium of the top ${m.support.top} builds mixes ${builds(m.support.after)} under them against ${m.support.before} under the prices given`);
  if (m.dominant && m.dominant.after > m.dominant.before)
    worse.push(`${m.dominant.after} of the ${m.dominant.top} strongest builds found ${m.dominant.after === 1 ? 'is' : 'are'} dominant under them against ${m.dominant.before} under the prices given`);
  if (!worse.length) return null;
  const keptFor = aim === 'support' ? 'widen the equilibrium' : 'flag fewer parts';
  return `caution: the kept prices ${keptFor}, but ${worse.join(', and ')} (metagame.csv, dominant.csv): a proposal to weigh, not a better game`;
}
