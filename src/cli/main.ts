#!/usr/bin/env node
/** `havoc`: the command line. Each command lives in its own file and stays thin; only the one named is loaded (commands.ts). */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { COMMANDS, commandsFor } from './commands.js';
import { refusal } from './unknown.js';

// Output piped into a command that stops reading (`| head`): stop quietly, as command-line tools do.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const args = hideBin(process.argv);
const cli = yargs(args).scriptName('havoc');
// yargs renders the whole help of a command before running it, to show should the command fail (its command.js,
// cacheHelpMessage); here a failure is one line (.fail below) and that text is never shown. It cost every command
// about 15 ms of CPU (a tenth of a small one's). Skipped where yargs has the hook; `--help` renders its own.
const usage = (cli as unknown as { getInternalMethods?(): { getUsageInstance?(): { cacheHelpMessage?: () => void } } }).getInternalMethods?.().getUsageInstance?.();
if (usage?.cacheHelpMessage) usage.cacheHelpMessage = () => undefined;
for (const command of await commandsFor(args)) cli.command(command);
await cli
  .demandCommand(1, 'name a command (havoc --help lists them)')
  .strict()
  .help()
  // A refusal is one line naming the fix (the nearest option or command), not the whole help.
  .fail((msg, err, usage) => {
    if (err) throw err;
    const known = COMMANDS.some(([name]) => name === args[0]) ? args[0] : null;
    const options = Object.keys((usage as unknown as { getDescriptions(): Record<string, unknown> }).getDescriptions());
    process.stderr.write(refusal(msg, known, options, COMMANDS.map(([name]) => name)) + '\n');
    process.exit(1);
  })
  // In a terminal, help fits its width; into a pipe or a file, lines are not wrapped (an example stays one line to copy).
  .wrap(process.stdout.isTTY ? Math.min(120, process.stdout.columns ?? 80) : null)
  .parseAsync();
