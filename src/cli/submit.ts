/** `havoc submit URL FOLDER`: sends a bot (a manifest folder, or a .tar.gz or .zip of one) to a contest server and prints its check. */
import type { CommandModule } from 'yargs';
import { reportErrors } from './errors.js';

interface Args {
  url: string;
  folder: string;
  token?: string;
  name?: string;
  json: boolean;
}

const command: CommandModule<object, Args> = {
  command: 'submit <url> <folder>',
  describe: "send a bot to a contest server (havoc serve): a manifest folder or a .tar.gz or .zip archive of one; prints its check",
  builder: (y) =>
    y
      .positional('url', { type: 'string', demandOption: true, describe: "the contest server's address, e.g. http://127.0.0.1:8080" })
      .positional('folder', { type: 'string', demandOption: true, describe: 'the bot: a folder with bot.json, or a .tar.gz or .zip of one' })
      .option('token', { type: 'string', describe: 'your entrant token (given at your first submission; default HAVOC_TOKEN)' })
      .option('name', { type: 'string', describe: "the entrant's name (default: the manifest's)" })
      .option('json', { type: 'boolean', default: false, describe: "print the server's answer as JSON" }) as never,
  handler: (args) =>
    reportErrors(async () => {
      const { submitBot, submittedLines } = await import('../serve/client.js');
      const r = await submitBot(args.url, args.folder, { token: args.token ?? process.env.HAVOC_TOKEN, name: args.name });
      process.stdout.write(args.json ? JSON.stringify(r, null, 2) + '\n' : submittedLines(r, args.url).join('\n') + '\n');
      if (!r.ok) process.exitCode = 1;
    }),
};

export default command;
