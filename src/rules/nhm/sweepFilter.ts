/**
 * A sweep's filter as a run config writes it (`schedule.filter`: excludeTags,
 * includeParts, excludeParts, minSpent, maxSpent, each optional, the spent
 * bounds null when unset) with the run's `experimental` beside them: turned
 * into the loadout enumerator's LoadoutFilter, and checked against the
 * catalogue (tags some part has, parts that exist). The filter's shape is
 * checked by the config's schema before it gets here.
 */
import { HavocError } from '../../core/errors.js';
import type { LoadoutFilter } from './designSpace.js';
import type { Catalogue } from './parts.js';

interface RawFilter {
  readonly experimental?: boolean;
  readonly excludeTags?: readonly string[];
  readonly includeParts?: readonly string[];
  readonly excludeParts?: readonly string[];
  readonly minSpent?: number | null;
  readonly maxSpent?: number | null;
}

const isObj = (v: unknown): v is RawFilter => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The LoadoutFilter of a config's filter (none: every legal design without experimental parts). */
export function loadoutFilterOf(raw: unknown): LoadoutFilter {
  if (!isObj(raw)) return { experimental: false };
  return {
    experimental: raw.experimental === true,
    ...(raw.excludeTags ? { excludeTags: raw.excludeTags } : {}),
    ...(raw.includeParts ? { includeParts: raw.includeParts } : {}),
    ...(raw.excludeParts ? { excludeParts: raw.excludeParts } : {}),
    ...(typeof raw.minSpent === 'number' ? { minSpent: raw.minSpent } : {}),
    ...(typeof raw.maxSpent === 'number' ? { maxSpent: raw.maxSpent } : {}),
  };
}

/** Tags no part has and parts that do not exist, each at its place under `where`. */
export function sweepFilterProblems(cat: Catalogue, raw: unknown, where: string): HavocError[] {
  if (!isObj(raw)) return [];
  const tags = new Set(cat.parts.flatMap((p) => p.tags));
  const out: HavocError[] = [];
  (raw.excludeTags ?? []).forEach((s, i) => {
    if (!tags.has(s) && !tags.has(s.toUpperCase()))
      out.push(new HavocError('ERR_UNKNOWN_TAG', `${where}.excludeTags[${i}]`, `no part has the tag "${s}" (tags: ${[...tags].sort().join(', ')})`));
  });
  for (const k of ['includeParts', 'excludeParts'] as const)
    (raw[k] ?? []).forEach((s, i) => {
      if (!cat.byKey.has(s) && !cat.byKey.has(s.toLowerCase())) out.push(new HavocError('ERR_UNKNOWN_PART', `${where}.${k}[${i}]`, `unknown part "${s}"`));
    });
  return out;
}
