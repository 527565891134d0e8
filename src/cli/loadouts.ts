/**
 * `havoc loadouts`: the space of legal builds of a ruleset whose builds are
 * bought from a catalogue — how many there are, every one of them (one key
 * per line), a seeded uniform sample, or the named ones.
 */
import { withExamples } from './examples.js';
import { resolve } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { HavocError, HavocProblems } from '../core/errors.js';
import type { AnyGameModule } from '../core/game.js';
import { rulesetData, withDataFile } from '../config/data.js';
import { catalogueRuleset, catalogueRulesets } from './catalogueRuleset.js';
import { reportErrors } from './errors.js';

interface LoadoutsArgs {
  ruleset?: string;
  parts?: string;
  count: boolean;
  list: boolean;
  sample?: number;
  seed: string;
  experimental: boolean;
  excludeTag?: string[];
  includePart?: string[];
  excludePart?: string[];
  minSpent?: number;
  maxSpent?: number;
  json: boolean;
  named?: string | boolean;
}

/** Writes many lines in large chunks (stdout is synchronous for files and pipes on Linux). */
function writeLines(lines: Iterable<string>): void {
  let chunk = '';
  for (const line of lines) {
    chunk += line + '\n';
    if (chunk.length > 1 << 20) {
      process.stdout.write(chunk);
      chunk = '';
    }
  }
  if (chunk) process.stdout.write(chunk);
}

/** A build as JSON: its name and its spec as a config writes it. */
function asJson(mod: AnyGameModule, b: unknown): object {
  const name = mod.builds.name?.(b) ?? mod.builds.key(b);
  const spec = mod.builds.spec?.(b);
  return spec !== null && typeof spec === 'object' ? { name, ...spec } : { name, key: mod.builds.key(b) };
}

function* asLines(mod: AnyGameModule, builds: Iterable<unknown>, json: boolean): Generator<string> {
  if (!json) {
    for (const b of builds) yield mod.builds.key(b);
    return;
  }
  let first = true;
  yield '[';
  for (const b of builds) {
    yield `${first ? ' ' : ','}${JSON.stringify(asJson(mod, b))}`;
    first = false;
  }
  yield ']';
}

/** The data file the builds were counted on, and its hash (a run records both). */
function dataFacts(mod: AnyGameModule, path: string | undefined): object {
  const d = rulesetData(mod, path, '--parts');
  return d && mod.data ? { catalogue: resolve(path ?? mod.data.defaultPath()), hash: d.hash } : {};
}

/** The sweep filter the options make (the shape a config's `filter` has), checked by the ruleset. */
function filterOf(mod: AnyGameModule, argv: LoadoutsArgs): Record<string, unknown> {
  const filter: Record<string, unknown> = { experimental: argv.experimental };
  const given: [string, unknown][] = [
    ['excludeTags', argv.excludeTag],
    ['includeParts', argv.includePart],
    ['excludeParts', argv.excludePart],
    ['minSpent', argv.minSpent],
    ['maxSpent', argv.maxSpent],
  ];
  for (const [k, v] of given) if (v !== undefined) filter[k] = v;
  if (given.some(([, v]) => v !== undefined)) {
    if (!mod.builds.filterProblems) throw new HavocError('ERR_ARGS', 'filter', `${mod.title}'s builds take no filter (--exclude-tag, --include-part, --exclude-part, --min-spent, --max-spent)`);
    const problems = mod.builds.filterProblems(filter, 'filter');
    if (problems.length) throw problems.length === 1 ? problems[0] : new HavocProblems('ERR_ARGS', 'filter', problems);
  }
  return filter;
}

const command: CommandModule<object, LoadoutsArgs> = {
  command: 'loadouts',
  describe: 'Count, list or sample the legal builds of a ruleset with a catalogue',
  builder: (y: Argv<object>) =>
    withExamples(y, 'loadouts')
      .option('ruleset', { type: 'string', describe: `a ruleset with a catalogue (${catalogueRulesets().join(', ')}; default the first) or a ruleset module's path` })
      .option('parts', { type: 'string', describe: 'the ruleset\'s data file (default its own, e.g. configs/parts.json)' })
      .option('count', { type: 'boolean', default: false, describe: 'print the number of legal designs (the default)' })
      .option('list', { type: 'boolean', default: false, describe: 'list every legal design, one key per line' })
      .option('sample', { type: 'number', describe: 'print N designs drawn uniformly (with replacement)' })
      .option('seed', { type: 'string', default: '1', describe: 'seed for --sample' })
      .option('experimental', { type: 'boolean', default: false, describe: 'allow experimental parts' })
      .option('exclude-tag', { type: 'string', array: true, describe: 'leave out parts with this tag (e.g. ULTIMATE)' })
      .option('include-part', { type: 'string', array: true, describe: 'only designs containing this part' })
      .option('exclude-part', { type: 'string', array: true, describe: 'leave out this part' })
      .option('min-spent', { type: 'number', describe: 'only designs spending at least N points in total' })
      .option('max-spent', { type: 'number', describe: 'only designs spending at most N points in total' })
      .option('json', { type: 'boolean', default: false, describe: 'print JSON' })
      .option('named', { type: 'string', describe: 'list the named designs (configs/loadouts.json, or FILE): name, cost and key; the names --loadouts and configs take' }),
  handler: (argv) =>
    reportErrors(async () => {
      const base = await catalogueRuleset(argv.ruleset);
      const mod = withDataFile(base, argv.parts, '--parts');
      const kit = mod.builds;
      if (kit.fixed || !kit.count) throw new HavocError('ERR_ARGS', '--ruleset', `${mod.title} has ${kit.fixed ? 'one build' : 'no countable space of builds'}, so havoc loadouts does not apply (rulesets with a catalogue: ${catalogueRulesets().join(', ')})`);
      const filter = filterOf(mod, argv);
      process.stdout.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EPIPE') throw e; // `| head` closed the pipe: stop quietly
      });
      if (argv.named !== undefined) {
        if (!kit.named) throw new HavocError('ERR_ARGS', '--named', `${mod.title} has no named builds`);
        const file = typeof argv.named === 'string' && argv.named !== '' ? argv.named : undefined;
        const r = kit.named({ experimental: true, ...(file ? { names: file } : {}) });
        if (!r.ok) throw r.error;
        const named = r.value;
        if (argv.json) console.log(JSON.stringify(Object.fromEntries([...named].map(([n, b]) => [n, kit.spec?.(b) ?? kit.key(b)])), null, 2));
        else {
          const width = Math.max(...[...named.keys()].map((n) => n.length));
          for (const [n, b] of named) console.log(`${n.padEnd(width)}  ${String(kit.cost(b)).padStart(3)} pts  ${kit.key(b)}`);
        }
        return;
      }
      if (argv.sample !== undefined && argv.list) throw new HavocError('ERR_ARGS', '--sample', 'use either --list or --sample');
      if (argv.sample !== undefined) {
        if (!Number.isInteger(argv.sample) || argv.sample < 0) throw new HavocError('ERR_ARGS', '--sample', 'must be a whole number >= 0');
        if (!kit.sample) throw new HavocError('ERR_ARGS', '--sample', `${mod.title}'s builds cannot be sampled`);
        writeLines(asLines(mod, kit.sample(argv.sample, argv.seed, filter), argv.json));
      } else if (argv.list) {
        if (!kit.enumerate) throw new HavocError('ERR_ARGS', '--list', `${mod.title}'s builds cannot be listed one by one`);
        writeLines(asLines(mod, kit.enumerate(filter), argv.json));
      } else {
        const count = kit.count(filter);
        console.log(argv.json ? JSON.stringify({ count, ...dataFacts(mod, argv.parts) }) : String(count));
      }
    }),
};

export default command;
