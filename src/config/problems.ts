/**
 * The one problem list of a config file: every problem, zod's or the
 * checks' own, as `FILE: path: problem`, each once, in the order found; and
 * `check`, which parses a value with a zod schema (schema.ts) and adds its
 * issues at their paths in the file.
 */
import type { z } from 'zod';
import { HavocError, HavocProblems } from '../core/errors.js';

/** Problems of one config file, each `FILE: path: problem`. */
export class Problems {
  readonly list: HavocError[] = [];
  private readonly seen = new Set<string>();
  constructor(readonly file: string) {}
  add(path: string, problem: string): void {
    const e = new HavocError('ERR_CONFIG', `${this.file}: ${path || '(top)'}`, problem);
    if (!this.seen.has(e.message)) this.list.push(e), this.seen.add(e.message);
  }
  /** How many problems so far (to tell whether a step found any). */
  get count(): number {
    return this.list.length;
  }
  throwIfAny(): void {
    if (this.list.length === 1) throw this.list[0];
    if (this.list.length) throw new HavocProblems('ERR_CONFIG', this.file, this.list);
  }
}

/** A field's value and its path in the file (a run's own, or the top level's it inherits). */
export interface Field {
  readonly v: unknown;
  readonly at: string;
}

/** A JSON object's fields by name. */
export type Json = Record<string, unknown>;
export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `a.b[2].c` from a path in the file and a path below it. */
export function pathIn(at: string, below: readonly PropertyKey[]): string {
  let p = at;
  for (const k of below) p = typeof k === 'number' ? `${p}[${k}]` : p ? `${p}.${String(k)}` : String(k);
  return p;
}

/**
 * Which of a schema's issues `check` reports:
 * - `each`: every issue at its own path;
 * - `self`: only the value's own (not an object, a field it does not have, an
 *   empty list), when its fields or items are checked one by one after;
 * - `whole`: every issue at the value's path (a list is wrong as a whole).
 */
export type Report = 'each' | 'self' | 'whole';

/**
 * Parses `value` (found at `at`) with `schema` and adds its issues to
 * `problems`: a field an object does not have becomes one problem at the
 * field's path, reported before the object's other problems. True if it
 * reported nothing (with `self`: the value may still hold bad fields or items).
 */
export function check(schema: z.ZodType, value: unknown, at: string, problems: Problems, report: Report = 'each'): boolean {
  const r = schema.safeParse(value);
  if (r.success) return true;
  let reported = false;
  for (const iss of unknownFieldsFirst(r.error.issues)) {
    if (report === 'self' && iss.path.length > 0) continue;
    reported = true;
    const path = report === 'whole' ? at : pathIn(at, iss.path);
    if (iss.code === 'unrecognized_keys' && report !== 'whole') for (const k of iss.keys) problems.add(pathIn(path, [k]), iss.message);
    else problems.add(path, iss.message);
  }
  return !reported;
}

/**
 * Parses an object with `schema`, reporting only its own problems (not an
 * object, fields it does not have) for its fields to be checked one by one.
 * The object, or null if it is not one.
 */
export function fieldsOf(schema: z.ZodType, value: unknown, at: string, problems: Problems): Json | null {
  check(schema, value, at, problems, 'self');
  return isObj(value) ? value : null;
}

/** zod lists an object's unknown fields after its fields' issues; the checks have always named them first. */
function unknownFieldsFirst(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  const out: z.core.$ZodIssue[] = [];
  for (const iss of issues) {
    let i = out.length;
    if (iss.code === 'unrecognized_keys') while (i > 0 && startsWith(out[i - 1].path, iss.path)) i--;
    out.splice(i, 0, iss);
  }
  return out;
}

const startsWith = (path: readonly PropertyKey[], prefix: readonly PropertyKey[]): boolean =>
  prefix.length < path.length && prefix.every((k, i) => path[i] === k);
