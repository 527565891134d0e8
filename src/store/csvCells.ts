/**
 * A CSV cell that a spreadsheet would take for a formula (it starts with
 * = + - @, a tab or CR: "CSV injection", OWASP) is written with a leading
 * apostrophe, which spreadsheets show as text; a number (-3, -0.25), a lone
 * sign and a sign before a slash (a loadout key without weapons, "-/-/…")
 * are not formulas and are written as they are. A cell that starts with an apostrophe
 * before such a start gets one more, so reading strips exactly what writing
 * added: `fromFormulaSafe(formulaSafe(s)) === s` for every string. Every CSV
 * the project writes goes through `formulaSafe` (records.ts's `csvField` and
 * `MatchLines`, report/csv.ts's `csvText`), and every reader through
 * `fromFormulaSafe`.
 */

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** Whether `s` would be taken for a formula (or is an apostrophe before one). */
function escaped(s: string): boolean {
  let i = 0;
  while (s.charCodeAt(i) === 39) i++; // leading apostrophes
  const c = s[i];
  if (c === '=' || c === '@' || c === '\t' || c === '\r') return true;
  // A number is no formula; nor is a lone sign or one before a slash: the arena's own "no part" in a loadout key ("-/-/tank-treads/-").
  return (c === '+' || c === '-') && !NUMBER.test(s.slice(i)) && i + 1 < s.length && s[i + 1] !== '/';
}

/** The cell as written: a leading apostrophe before a formula's start. */
export const formulaSafe = (s: string): string => (s.length > 0 && escaped(s) ? "'" + s : s);

/** The string a written cell holds (the apostrophe `formulaSafe` added taken off). */
export const fromFormulaSafe = (s: string): string => (s.charCodeAt(0) === 39 && escaped(s.slice(1)) ? s.slice(1) : s);

/** Whether a string's first character may need `formulaSafe` (the writers' fast test). */
export const mayLookLikeFormula = (c: number): boolean => c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 || c === 39;
