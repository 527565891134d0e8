/**
 * The rules' options: where tables could reasonably read the rulebook
 * differently (docs/rules-hovercrafts.md, "Options"). A settings file's
 * `options` sets them for a run; a scenario's `options` for its game.
 */

export interface HoverOptions {
  /**
   * `simultaneous` (default): every shot of a phase is rolled, then the
   * damage lands at once (the sample game's "Both shots are made at the same
   * time"). `in-order`: ships fire in ship order and a ship whose damage
   * reached its hull earlier in the phase fires no more.
   */
  readonly shots: 'simultaneous' | 'in-order';
  /**
   * A second EMP in a turn (the rulebook allows one): `land` (default) lands
   * the ship with no pulse; `refuse` makes such a program illegal.
   */
  readonly secondEmp: 'land' | 'refuse';
  /**
   * A ship with no action left in a phase: `hover` (default; the sample game's
   * Locust waits and still shoots in turn 1) or `landed` (it cannot shoot and
   * an EMP passes it by).
   */
  readonly idle: 'hover' | 'landed';
}

export const DEFAULT_OPTIONS: HoverOptions = Object.freeze({ shots: 'simultaneous', secondEmp: 'land', idle: 'hover' });

const CHOICES: { readonly [K in keyof HoverOptions]: readonly HoverOptions[K][] } = {
  shots: ['simultaneous', 'in-order'],
  secondEmp: ['land', 'refuse'],
  idle: ['hover', 'landed'],
};

/** Reads options over `base` (`raw` undefined: the base); each problem goes to `bad` with its place (`.shots`). */
export function readOptions(raw: unknown, bad: (at: string, problem: string) => void, base: HoverOptions = DEFAULT_OPTIONS): HoverOptions {
  if (raw === undefined) return base;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    bad('', `must be an object of options (${Object.keys(CHOICES).join(', ')})`);
    return base;
  }
  const out: Record<string, string> = { ...base };
  for (const [k, v] of Object.entries(raw)) {
    const choices = (CHOICES as Record<string, readonly string[]>)[k];
    if (!choices) bad(`.${k}`, `unknown option (options: ${Object.keys(CHOICES).join(', ')})`);
    else if (typeof v !== 'string' || !choices.includes(v)) bad(`.${k}`, `must be ${choices.map((c) => `"${c}"`).join(' or ')}`);
    else out[k] = v;
  }
  return out as unknown as HoverOptions;
}
