#!/usr/bin/env node
/** `havoc`: the command line. Each command lives in its own file and stays thin. */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import scenario from './scenario.js';
import match from './match.js';
import parts from './parts.js';
import loadouts from './loadouts.js';
import replay from './replay.js';
import report from './report.js';
import tournament from './tournament.js';
import contest from './contest.js';
import reprice from './reprice.js';
import swaps from './swaps.js';
import sweep from './sweep.js';
import optimize from './optimize.js';
import resume from './resume.js';
import merge from './merge.js';
import meta from './meta.js';
import schema from './schema.js';
import checkBot from './checkBot.js';
import notation from './notation.js';
import worker from './worker.js';
import status from './status.js';

// Output piped into a command that stops reading (`| head`): stop quietly, as command-line tools do.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

await yargs(hideBin(process.argv))
  .scriptName('havoc')
  .command(tournament)
  .command(contest)
  .command(sweep)
  .command(reprice)
  .command(swaps)
  .command(optimize)
  .command(resume)
  .command(merge)
  .command(meta)
  .command(scenario)
  .command(match)
  .command(parts)
  .command(loadouts)
  .command(replay)
  .command(report)
  .command(schema)
  .command(checkBot)
  .command(notation)
  .command(worker)
  .command(status)
  .demandCommand(1, 'name a command (havoc --help lists them)')
  .strict()
  .help()
  // In a terminal, help fits its width; into a pipe or a file, lines are not wrapped (an example stays one line to copy).
  .wrap(process.stdout.isTTY ? Math.min(120, process.stdout.columns ?? 80) : null)
  .parseAsync();
