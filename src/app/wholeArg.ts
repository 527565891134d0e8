/**
 * A command's whole-number option, checked as the commands read it: the
 * value when it is a whole number of at least `min`, else the option
 * refused in one line naming it.
 */
import { HavocError } from '../core/errors.js';

export function wholeArg(v: number, name: string, min: number): number {
  if (!(Number.isInteger(v) && v >= min)) throw new HavocError('ERR_ARGS', `--${name}`, `must be a whole number of at least ${min}, not ${v}`);
  return v;
}
