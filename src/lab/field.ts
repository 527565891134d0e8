/**
 * The field a build is measured against: a seeded sample of the legal space
 * (`sample:N`), the named builds of a file (`FILE.json`, as a config's
 * loadoutsFile), or builds by name or key (`a,b,c`).
 */
import { HavocError } from '../core/errors.js';
import type { BuildKit } from '../core/game.js';
import { deriveSeed } from '../core/rng.js';

/** The builds `spec` names; a HavocError naming `--field` when it names none or a bad one. */
export function fieldOf<B>(kit: BuildKit<B>, spec: string, seed: string, filter?: unknown): B[] {
  const where = '--field';
  const sample = /^sample:(.*)$/.exec(spec.trim());
  if (sample) {
    const n = Number(sample[1]);
    if (!(Number.isInteger(n) && n >= 2)) throw new HavocError('ERR_ARGS', where, `sample:N draws N builds, N a whole number of at least 2, not "${sample[1]}"`);
    return kit.sample!(n, deriveSeed(seed, 'field'), filter);
  }
  if (/\.json$/i.test(spec.trim())) {
    if (!kit.named) throw new HavocError('ERR_ARGS', where, 'this ruleset has no named builds to read from a file');
    const named = kit.named({ names: spec.trim() });
    if (!named.ok) throw named.error;
    const builds = [...named.value.values()];
    if (builds.length < 2) throw new HavocError('ERR_ARGS', where, `${spec} names ${builds.length} build(s); a field needs at least 2`);
    return builds;
  }
  const names = spec.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length < 2) throw new HavocError('ERR_ARGS', where, `a field is sample:N, a file of named builds (.json), or at least 2 builds by name or key, not "${spec}"`);
  return names.map((name, i) => {
    const r = kit.check(name, `${where}[${i}]`);
    if (!r.ok) throw r.error;
    return r.value;
  });
}
