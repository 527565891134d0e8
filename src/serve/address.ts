/**
 * The line `havoc serve` prints once it listens, and reading the address
 * back from a server process's output (the load bench and the end-to-end
 * test start servers on port 0 and learn the port from it).
 */
import type { ChildProcess } from 'node:child_process';

/** The listening line: `NAME: serving on URL (…)`. */
export const servingLine = (name: string, url: string, rest: string): string => `${name}: serving on ${url} (${rest})\n`;

/** The server's address once `proc` has printed its listening line into `output()`; rejected, with what it printed, if it ends first. */
export function servedUrl(proc: ChildProcess, output: () => string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const t = setInterval(() => {
      const m = /serving on (http:\/\/\S+)/.exec(output());
      if (m) clearInterval(t), resolve(m[1]);
      if (proc.exitCode !== null) clearInterval(t), reject(new Error(`havoc serve ended: ${output()}`));
    }, 50);
  });
}
