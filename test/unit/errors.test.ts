/**
 * Error codes are one closed list (ERROR_CODES in src/core/errors.ts), in one
 * style. TypeScript already refuses a code outside the list at build; this
 * guards what the type cannot see: the list's own spelling, and codes built
 * from strings or passed through a cast.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, HavocError, HavocProblems } from '../../src/core/errors.js';

const CODES = Object.keys(ERROR_CODES);
const STYLE = /^ERR_[A-Z0-9]+(_[A-Z0-9]+)*$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}
const SOURCES = [...files('src'), ...files('bots')].map((f) => ({ f, text: readFileSync(f, 'utf8') }));

describe('error codes', () => {
  it('are upper snake case ERR_…, each with a meaning, listed once', () => {
    expect(CODES.filter((c) => !STYLE.test(c))).toEqual([]);
    for (const c of CODES) expect(ERROR_CODES[c as keyof typeof ERROR_CODES].length, c).toBeGreaterThan(10);
    // An object literal's repeated key would silently keep the last: count the keys as written.
    const src = readFileSync('src/core/errors.ts', 'utf8');
    const literal = src.slice(src.indexOf('ERROR_CODES = Object.freeze({'), src.indexOf('} as const);'));
    const written = [...literal.matchAll(/^ {2}([A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(written).toEqual(CODES);
    expect(new Set(CODES).size).toBe(CODES.length);
    expect(Object.isFrozen(ERROR_CODES)).toBe(true);
  });

  it('a HavocError and a HavocProblems carry their code', () => {
    const one = new HavocError('ERR_ARGS', '--top', 'must be a number');
    expect([one.code, one.message]).toEqual(['ERR_ARGS', '--top: must be a number']);
    expect(new HavocProblems('ERR_CONFIG', 'x.json', [one]).code).toBe('ERR_CONFIG');
  });

  it('src/ and bots/ construct no error with a code outside the list, nor with a code built from a string', () => {
    const wrong: string[] = [];
    for (const { f, text } of SOURCES) {
      // Every quoted ERR_ string is a code of the list (helpers such as fail('ERR_…') included).
      for (const m of text.matchAll(/['"`](ERR_[A-Za-z0-9_]*)['"`]/g)) if (!CODES.includes(m[1])) wrong.push(`${f}: ${m[1]}`);
      // A constructor's first argument is a quoted code or a name (a constant, a typed parameter), never a template or a concatenation.
      for (const m of text.matchAll(/new Havoc(?:Error|Problems)\(\s*([^,]*),/g)) {
        const arg = m[1].trim();
        if (/^'[^']*'$/.test(arg) ? !CODES.includes(arg.slice(1, -1)) : !/^[A-Za-z_$][\w$.]*$/.test(arg)) wrong.push(`${f}: new HavocError(${arg}, …)`);
      }
      // The kebab-case style codes had before (bad-args, unknown-part, …) is gone.
      for (const m of text.matchAll(/new Havoc(?:Error|Problems)\(\s*'([a-z][a-z-]*)'/g)) wrong.push(`${f}: ${m[1]}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every code of the list is used somewhere in src/ or bots/', () => {
    const all = SOURCES.filter(({ f }) => f !== join('src', 'core', 'errors.ts'))
      .map(({ text }) => text)
      .join('\n');
    expect(CODES.filter((c) => !all.includes(`'${c}'`))).toEqual([]);
  });
});
