/**
 * yargs' refusals as one line each (not the whole help): an unknown option
 * with the nearest known name, a misspelt command with the nearest command,
 * a missing argument with where the help is. yargs computes an edit distance
 * for its own command suggestions but does not export it: this is the usual
 * dynamic-programming one, over names of a few letters.
 */

/** The number of single-letter insertions, deletions and substitutions that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length];
}

/** The known name nearest `name` (a prefix of it, or within a third of its letters), or null when none is near. */
export function nearest(name: string, known: readonly string[]): string | null {
  let best: string | null = null, bestD = Infinity;
  for (const k of known) {
    const d = k.startsWith(name) || name.startsWith(k) ? Math.abs(k.length - name.length) / 4 : editDistance(name, k);
    if (d < bestD) (best = k), (bestD = d);
  }
  return best !== null && bestD <= Math.max(2, Math.ceil(name.length / 3)) ? best : null;
}

/** What to print for a yargs failure message: one line, naming the fix. */
export function refusal(msg: string, command: string | null, options: readonly string[], commands: readonly string[]): string {
  const unknown = /^Unknown arguments?: (.+)$/.exec(msg);
  const help = command ? `havoc ${command} --help` : 'havoc --help';
  if (unknown) {
    // Without a known command, yargs lists every word: the first is the command meant.
    const words = command ? unknown[1].split(', ') : unknown[1].split(', ').slice(0, 1);
    const said = words.map((w) => {
      const asOption = options.length > 0 && (command !== null || w.length > 1);
      if (!command) {
        const near = nearest(w, commands);
        return `no command "${w}"${near ? ` (did you mean ${near}?)` : ''}`;
      }
      const near = asOption ? nearest(w, options) : null;
      return `unknown ${w.length === 1 ? 'option -' : 'option --'}${w}${near ? ` (did you mean --${near}?)` : ''}`;
    });
    return `error: ${said.join('; ')}; ${help} lists ${command ? 'its options' : 'the commands'}`;
  }
  const line = msg.replace(/\s*\n\s*/g, ' ');
  return `error: ${line}${line.includes('--help') ? '' : ` (${help})`}`;
}
