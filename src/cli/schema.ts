/**
 * `havoc schema`: the JSON Schema of run configs (from the zod schema the
 * config checker uses, src/arena/config/schema.ts), for editors to complete
 * and check configs that say `"$schema": "./schema.json"`. Prints it, or
 * writes it with `--out` (`npm run schema` refreshes configs/schema.json);
 * `--check FILE` fails if FILE is not what it would write.
 */
import { withExamples } from './examples.js';
import { readFileSync, writeFileSync } from 'node:fs';
import type { CommandModule } from 'yargs';
import { HavocError } from '../core/errors.js';
import { configSchemaText } from '../config/index.js';
import { reportErrors } from './errors.js';

interface SchemaArgs {
  out?: string;
  check?: string;
}

const command: CommandModule<object, SchemaArgs> = {
  command: 'schema',
  describe: 'print (or write) the JSON Schema of run configs, for editors',
  builder: (y) =>
    withExamples(y, 'schema')
      .option('out', { type: 'string', describe: 'write it to this file (e.g. configs/schema.json) instead of printing it' })
      .option('check', { type: 'string', describe: 'fail if this file is not the schema this version writes' }) as never,
  handler: (args) =>
    reportErrors(() => {
      const text = configSchemaText();
      if (args.check !== undefined) {
        let have: string | null = null;
        try {
          have = readFileSync(args.check, 'utf8');
        } catch {
          // reported below
        }
        if (have !== text) throw new HavocError('ERR_STALE_SCHEMA', args.check, 'not the schema of this version\'s configs: run `npm run schema` (or havoc schema --out FILE)');
      }
      if (args.out !== undefined) writeFileSync(args.out, text);
      else if (args.check === undefined) process.stdout.write(text);
    }),
};

export default command;
