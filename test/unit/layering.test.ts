/**
 * The rooms' imports point inward: core ← rules ← match ← sandbox ← config ←
 * store ← run ← queue, lab ← replay, report ← app ← cli; stats imports nothing of
 * the project; bots import only core and rules. And nothing outside
 * src/rules/<id>/ names a ruleset id.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Each room's floor: a room imports only rooms on lower floors (report may import replay, on its own). */
const LAYER: Record<string, number> = { core: 0, stats: 0, rules: 1, match: 2, sandbox: 3, config: 4, store: 5, run: 6, queue: 7, lab: 7, replay: 8, report: 8, app: 9, serve: 9, cli: 10 };

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

  it('a command file imports no other command: what two commands share lives in app/ (or a cli helper)', () => {
    const commands = [...readFileSync('src/cli/commands.ts', 'utf8').matchAll(/import\('\.\/([^']+)\.js'\)/g)].map((m) => m[1]);
    expect(commands.length).toBeGreaterThan(10);
    const wrong = commands.flatMap((c) =>
      [...readFileSync(`src/cli/${c}.ts`, 'utf8').matchAll(/from '\.\/([^']+)\.js'/g)].filter((m) => commands.includes(m[1])).map((m) => `src/cli/${c}.ts imports ./${m[1]}.js`),
    );
    expect(wrong).toEqual([]);
  });

  it('every folder of src/ is a room with a floor and a README saying what it holds', () => {
    for (const room of readdirSync('src').filter((f) => statSync(join('src', f)).isDirectory())) {
      expect(LAYER[room], `src/${room} has no floor in LAYER`).toBeTypeOf('number');
      expect(existsSync(join('src', room, 'README.md')), `src/${room}/README.md`).toBe(true);
    }
  });

  it('nothing outside src/rules names a ruleset id', () => {
    // Every built-in ruleset's id (its folder's name), quoted as code would write it.
    const ids = readdirSync('src/rules').filter((f) => statSync(join('src/rules', f)).isDirectory());
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const IDS = new RegExp(ids.map((id) => `'${id}'|^\s*${id}:`).join('|'));
    const named = [...files('src'), ...files('bots')]
      .filter((f) => !f.startsWith('src/rules/'))
      .flatMap((f) => readFileSync(f, 'utf8').split('\n').map((line, i) => ({ f, i, line })))
      .filter(({ line }) => IDS.test(line))
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
    walk('src/run/worker.ts');
    expect(seen.size).toBeGreaterThan(20); // the walk did follow the imports
    for (const heavy of ['zod', 'yargs', 'cli-progress']) expect([...packages]).not.toContain(heavy);
  });
});
