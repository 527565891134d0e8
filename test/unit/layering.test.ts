/**
 * The folders' imports point inward: core ← rules ← arena ← replay, report ←
 * cli; stats imports nothing of the project; bots import only core and rules.
 * And nothing outside src/rules/<id>/ names a ruleset id.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const LAYER: Record<string, number> = { core: 0, stats: 0, rules: 1, arena: 2, replay: 3, report: 3, cli: 4 };

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** The top folder a path is in: `core`, `rules`, … for src/, `bots` for bots/. */
const folderOf = (p: string): string | null => (p.startsWith('src/') ? p.split('/')[1] : p.startsWith('bots/') || p === 'bots' ? 'bots' : null);

describe('layering', () => {
  it('imports point inward and no two folders import each other', () => {
    const wrong: string[] = [];
    const edges = new Set<string>();
    for (const f of [...files('src'), ...files('bots')]) {
      const from = folderOf(f)!;
      for (const m of readFileSync(f, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const to = folderOf(normalize(join(dirname(f), m[1])));
        if (!to || to === from) continue;
        edges.add(`${from}>${to}`);
        const ok = from === 'bots' ? to === 'core' || to === 'rules' : to !== 'bots' && from !== 'stats' && (LAYER[to] < LAYER[from] || (from === 'report' && to === 'replay'));
        if (!ok) wrong.push(`${f} imports ${m[1]}`);
      }
    }
    expect(wrong).toEqual([]);
    for (const e of edges) expect(edges.has(e.split('>').reverse().join('>')), `a loop: ${e} and back`).toBe(false);
  });

  it('nothing outside src/rules names a ruleset id', () => {
    const named = [...files('src'), ...files('bots')]
      .filter((f) => !f.startsWith('src/rules/'))
      .flatMap((f) => readFileSync(f, 'utf8').split('\n').map((line, i) => ({ f, i, line })))
      .filter(({ line }) => /'rbp'|'nhm'/.test(line))
      .map(({ f, i, line }) => `${f}:${i + 1}: ${line.trim()}`);
    expect(named).toEqual([]);
  });

  it('a worker loads no config schema and no terminal UI (zod, yargs, cli-progress: megabytes a thread)', () => {
    // The worker's static imports, followed through the sources (.js specifiers are .ts files here).
    const packages = new Set<string>();
    const seen = new Set<string>();
    const walk = (f: string): void => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const m of readFileSync(f, 'utf8').matchAll(/^(?:import|export)\s(?!type\s)[^'"]*?from\s+'([^']+)'/gm)) {
        if (!m[1].startsWith('.')) packages.add(m[1].split('/')[0]);
        else {
          const p = normalize(join(dirname(f), m[1])).replace(/\.js$/, '.ts');
          if (existsSync(p)) walk(p);
        }
      }
    };
    walk('src/arena/worker.ts');
    expect(seen.size).toBeGreaterThan(20); // the walk did follow the imports
    for (const heavy of ['zod', 'yargs', 'cli-progress']) expect([...packages]).not.toContain(heavy);
  });
});
