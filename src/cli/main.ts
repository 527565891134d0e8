#!/usr/bin/env node
/** `havoc`: the command line. Each command lives in its own file and stays thin; only the one named is loaded (commands.ts). */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { commandsFor } from './commands.js';

// Output piped into a command that stops reading (`| head`): stop quietly, as command-line tools do.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const args = hideBin(process.argv);
const cli = yargs(args).scriptName('havoc');
for (const command of await commandsFor(args)) cli.command(command);
await cli
  .demandCommand(1, 'name a command (havoc --help lists them)')
  .strict()
  .help()
  // In a terminal, help fits its width; into a pipe or a file, lines are not wrapped (an example stays one line to copy).
  .wrap(process.stdout.isTTY ? Math.min(120, process.stdout.columns ?? 80) : null)
  .parseAsync();
