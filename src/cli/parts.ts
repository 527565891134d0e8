/**
 * `havoc parts`: shows a ruleset's catalogue as the program read it (NHM: a
 * table of parts with each weapon's diagrams; another ruleset: its priced
 * components), or as JSON. A ruleset with no catalogue says so.
 */
import { withExamples } from './examples.js';
import type { Argv, CommandModule } from 'yargs';
import { HavocError } from '../core/errors.js';
import type { AnyGameModule } from '../core/game.js';
import { rulesetData, withRunData } from '../config/data.js';
import { catalogueRuleset, catalogueRulesets } from './catalogueRuleset.js';
import { reportErrors } from './errors.js';

interface PartsArgs {
  ruleset?: string;
  parts?: string;
  json: boolean;
  experimental: boolean;
}

/** Rows as an aligned text table under its head. */
function table(head: readonly string[], cells: readonly string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: readonly string[]): string => c.map((x, i) => x.padEnd(widths[i])).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

/**
 * A ruleset without a presentation of its own: its parts by key, category and cost, and the prices a
 * reprice may change with the costs they may take (beside the parts where each part is its own price,
 * as Hovercrafts' stat points; in a table of their own where a price is shared, as Battle Engine's pay grades).
 */
function listingOf(mod: AnyGameModule, data: unknown): { text: string; json: unknown } {
  const parts = [...mod.builds.listing!()].map(([key, { cost, category }]) => ({ key, category, cost }));
  const prices = data !== undefined ? mod.data?.prices?.prices(data, 1) : undefined;
  const priceRows = prices ? [...prices].map(([key, p]) => ({ key, category: p.category, cost: p.cost, range: [p.range[0], p.range[1]] })) : [];
  const own = prices !== undefined && parts.every((p) => prices.has(p.key));
  const range = (key: string): string => {
    const r = prices?.get(key)?.range;
    return r ? `${r[0]}-${r[1]}` : '-';
  };
  const out = [table(['key', 'category', 'cost', ...(own ? ['may cost'] : [])], parts.map((p) => [p.key, p.category, String(p.cost), ...(own ? [range(p.key)] : [])]))];
  if (prices && !own) out.push('', 'prices (what havoc reprice changes):', table(['key', 'category', 'cost', 'may cost'], priceRows.map((p) => [p.key, p.category, String(p.cost), range(p.key)])));
  const from = mod.data ? ` from the ${mod.data.title}` : '';
  out.push('', `${parts.length} ${mod.title} parts${from}`);
  return { text: out.join('\n'), json: { parts, ...(prices ? { prices: priceRows } : {}) } };
}

const command: CommandModule<object, PartsArgs> = {
  command: 'parts',
  describe: 'Show a ruleset\'s catalogue of parts (costs, tags, weapon diagrams)',
  builder: (y: Argv<object>) =>
    withExamples(y, 'parts')
      .option('ruleset', { type: 'string', describe: `a ruleset with a catalogue (${catalogueRulesets().join(', ')}; default the first) or a ruleset module's path` })
      .option('parts', { type: 'string', describe: 'the ruleset\'s data file (default its own, e.g. configs/parts.json)' })
      .option('json', { type: 'boolean', default: false, describe: 'print the parts as JSON' })
      .option('experimental', { type: 'boolean', default: false, describe: 'include experimental parts' }),
  handler: (argv) =>
    reportErrors(async () => {
      const mod = await catalogueRuleset(argv.ruleset);
      if (!mod.builds.listing) throw new HavocError('ERR_ARGS', '--ruleset', `${mod.title} has no catalogue of parts: its builds are not bought from priced components, so havoc parts does not apply (rulesets with one: ${catalogueRulesets().join(', ')})`);
      const data = rulesetData(mod, argv.parts, '--parts')?.value;
      const bound = withRunData(mod, data);
      const shown = mod.data?.show && data !== undefined ? mod.data.show(data, { experimental: argv.experimental }) : listingOf(bound, data);
      console.log(argv.json ? JSON.stringify(shown.json, null, 2) : shown.text);
    }),
};

export default command;
