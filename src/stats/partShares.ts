/**
 * Each component's share of a mix of builds (a metagame's equilibrium): the
 * total weight of the builds that contain it (a build counts once however
 * often it holds the component). A share of 1 means every build the mix
 * plays holds the part; 0 means none does.
 */

export interface WeightedBuild {
  readonly components: readonly string[];
  readonly weight: number;
}

export interface PartShare {
  readonly part: string;
  /** The weight of the builds holding it. */
  readonly share: number;
  /** How many of the builds (weighted or not) hold it. */
  readonly builds: number;
  /** How many builds with weight > 0 hold it. */
  readonly supportBuilds: number;
  /** Every build with weight > 0 holds it (and there is one). */
  readonly inEvery: boolean;
}

/** The share of every component in `parts` (and of any other a build holds, after them, sorted). */
export function partShares(builds: readonly WeightedBuild[], parts: readonly string[] = []): PartShare[] {
  const names = [...parts];
  const seen = new Set(parts);
  const held = builds.map((b) => new Set(b.components));
  for (const h of held) for (const p of [...h].sort()) if (!seen.has(p)) seen.add(p), names.push(p);
  const support = builds.filter((b) => b.weight > 0).length;
  return names.map((part) => {
    let share = 0, count = 0, inSupport = 0;
    builds.forEach((b, i) => {
      if (!held[i].has(part)) return;
      count++;
      share += b.weight;
      if (b.weight > 0) inSupport++;
    });
    return { part, share, builds: count, supportBuilds: inSupport, inEvery: support > 0 && inSupport === support };
  });
}
