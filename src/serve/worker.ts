/**
 * The server's worker thread (piscina): plays a match or checks a
 * submission (play.ts). Matches with sandboxed bots block the thread that
 * plays them, so none is played on the server's own thread: its pages stay
 * answered while the ladder plays.
 */
import { workerData } from 'piscina';
import { useClockShare } from '../match/clock.js';
import type { PoolData } from '../run/pool.js';
import { checkOne, playOne, type CheckResult, type CheckTask, type PlayResult, type PlayTask } from './play.js';

// The pool's clock memory: one ticker for the process (clock.ts).
useClockShare((workerData as PoolData | undefined)?.clock);

export type WorkerTask = PlayTask | CheckTask;

export default async function serveTask(task: WorkerTask): Promise<PlayResult | CheckResult> {
  return task.kind === 'play' ? playOne({ ...task, saveReplay: true }) : checkOne(task);
}
