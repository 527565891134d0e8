/**
 * Where a run keeps what its sandboxed bots wrote to stderr: one file per
 * seat of a match, `DIR/logs/match-ID-A.txt` (the seat's capital letter, as
 * errors.log names seats), written by the process's pipe thread when the
 * match ends and only when the bot wrote any (isolation/pipeThread.ts), up
 * to the run's output cap. A match is written by whichever worker plays it;
 * a match played again into the folder (a resumed run, a batch retried one
 * match at a time, a replay made later) first removes what the earlier play
 * left, so each log is of the last play of its match.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { refusedWrite } from '../core/environment.js';
import { SEAT_LETTERS } from './records.js';

/** The file name of seat `seat`'s stderr log of match `id`. */
export const botLogName = (id: number | string, seat: number): string => `match-${id}-${SEAT_LETTERS[seat].toUpperCase()}.txt`;

/** Where seat `seat`'s stderr log of match `id` lives in run folder `dir`. */
export const botLogPath = (dir: string, id: number | string, seat: number): string => join(dir, 'logs', botLogName(id, seat));

/** Removes match `id`'s logs of `seats` seats left by an earlier try of it; true. */
export function clearBotLogs(dir: string, id: number, seats: number): true {
  for (let s = 0; s < seats; s++) {
    const path = botLogPath(dir, id, s);
    refusedWrite(path, () => rmSync(path, { force: true }), "an earlier try's bot log");
  }
  return true;
}
