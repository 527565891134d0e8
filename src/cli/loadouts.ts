/**
 * `havoc loadouts`: the space of legal machine designs — how many there are,
 * every one of them (one key per line), or a seeded uniform sample.
 */
import { withExamples } from './examples.js';
import type { Argv, CommandModule } from 'yargs';
import { HavocError } from '../core/errors.js';
import { defaultCatalogue, loadCatalogue } from '../rules/nhm/catalogue.js';
import { countLoadouts, enumerateLoadouts, sampleLoadouts, type LoadoutFilter } from '../rules/nhm/designSpace.js';
import { defaultLoadoutsPath, loadNamedLoadouts, loadoutKey, loadoutSpec } from '../rules/nhm/loadout.js';
import type { Loadout } from '../rules/nhm/parts.js';

interface LoadoutsArgs {
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

function* asLines(loadouts: Iterable<Loadout>, json: boolean): Generator<string> {
  if (!json) {
    for (const l of loadouts) yield l.name;
    return;
  }
  let first = true;
  yield '[';
  for (const l of loadouts) {
    yield `${first ? ' ' : ','}${JSON.stringify({ name: l.name, ...loadoutSpec(l) })}`;
    first = false;
  }
  yield ']';
}

const command: CommandModule<object, LoadoutsArgs> = {
  command: 'loadouts',
  describe: 'Count, list or sample the legal machine designs',
  builder: (y: Argv<object>) =>
    withExamples(y, 'loadouts')
      .option('parts', { type: 'string', describe: 'catalogue file (default configs/parts.json)' })
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
  handler: (argv) => {
    try {
      const cat = argv.parts ? loadCatalogue(argv.parts) : defaultCatalogue();
      const filter: LoadoutFilter = {
        experimental: argv.experimental,
        excludeTags: argv.excludeTag,
        includeParts: argv.includePart,
        excludeParts: argv.excludePart,
        minSpent: argv.minSpent,
        maxSpent: argv.maxSpent,
      };
      process.stdout.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EPIPE') throw e; // `| head` closed the pipe: stop quietly
      });
      if (argv.named !== undefined) {
        const file = typeof argv.named === 'string' && argv.named !== '' ? argv.named : defaultLoadoutsPath();
        const named = loadNamedLoadouts(cat, file, { experimental: true });
        if (argv.json) console.log(JSON.stringify(Object.fromEntries([...named].map(([n, l]) => [n, loadoutSpec(l)])), null, 2));
        else {
          const width = Math.max(...[...named.keys()].map((n) => n.length));
          for (const [n, l] of named) console.log(`${n.padEnd(width)}  ${String(l.parts.reduce((t, p) => t + p.cost, 0)).padStart(3)} pts  ${loadoutKey(l)}`);
        }
        return;
      }
      if (argv.sample !== undefined && argv.list) throw new HavocError('ERR_ARGS', '--sample', 'use either --list or --sample');
      if (argv.sample !== undefined) {
        if (!Number.isInteger(argv.sample) || argv.sample < 0) throw new HavocError('ERR_ARGS', '--sample', 'must be a whole number >= 0');
        writeLines(asLines(sampleLoadouts(cat, argv.sample, argv.seed, filter), argv.json));
      } else if (argv.list) {
        writeLines(asLines(enumerateLoadouts(cat, filter), argv.json));
      } else {
        const count = countLoadouts(cat, filter);
        console.log(argv.json ? JSON.stringify({ count, catalogue: cat.source, hash: cat.hash }) : String(count));
      }
    } catch (e) {
      if (!(e instanceof HavocError)) throw e;
      console.error(e.message);
      process.exitCode = 1;
    }
  },
};

export default command;
