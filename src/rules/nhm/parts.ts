/**
 * The vocabulary of a parts catalogue once it is loaded: what each part is,
 * what it costs, and — for weapons — its pattern in the machine's own frame
 * (right, forward), as the catalogue's diagrams draw it. `tables.ts` turns
 * these relative patterns into per-square, per-facing tables for the engine.
 */

export const CATEGORIES = ['weapon', 'armour', 'engine', 'cpu', 'option'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The three budgets of RULES.md section 6. */
export const BUDGETS = ['weapon', 'armour-engine', 'cpu'] as const;
export type Budget = (typeof BUDGETS)[number];

/** Cell flags in a weapon pattern. */
export const CELL_SHIELD = 1; // a shield spot (Shield-Arm): rays entering it stop, hitting nothing
export const CELL_PULL = 2; // a machine hit here is pulled to the front square (Crush Fists), phase 6
export const CELL_TARGET = 4; // a square the program names: mine placement, Jump-Blade landing
export const CELL_CONTINUE = 8; // the ray goes on past this cell, in the same direction, to the board edge

/** One square of a pattern. Cells are listed parents-first. */
export interface RelCell {
  readonly right: number;
  readonly forward: number;
  /** 0, 1 (×) or 2 (*). */
  readonly damage: number;
  /** Index of the cell a ray reaches this one from, or -1 when it leaves the machine's square (or is lobbed). */
  readonly parent: number;
  readonly flags: number;
}

/** A beam: traced at run time because armour can bend it. */
export interface RelBeam {
  /** Offset of the square the beam starts from (0,0: the machine's own square); it first enters the next square in `dir`. */
  readonly right: number;
  readonly forward: number;
  /** Direction in the machine's frame, 0..7 clockwise from forward (0 forward, 1 forward-right, 2 right, …, 7 forward-left). */
  readonly dir: number;
  /** Squares the beam may travel in total, 0 = until it leaves the board. */
  readonly range: number;
  readonly damage: number;
  readonly penetrate: boolean;
  /** Chain Lazor: on hitting a machine or wreckage, stop and branch perpendicular. */
  readonly branching: boolean;
  /** Lazor-Sword: fires only while the machine has all its hearts. */
  readonly fullHeartsOnly: boolean;
}

/** One way of firing a weapon ("pick one" direction, a mortar range, a mine square). */
export interface WeaponOption {
  /** Notation label: `forward`, `left`, `right`, `fl`, `fr`, `2`, `here`, … */
  readonly label: string;
  readonly cells: readonly RelCell[];
  readonly beams: readonly RelBeam[];
}

export type WeaponKind =
  | 'pattern' // hot squares (and beams) traced from the machine
  | 'mines' // lays a mine on the option's TARGET cell
  | 'shield' // the option's SHIELD cells are shield spots this step
  | 'jump' // Jump-Blade: with an enemy on the front square, leap to the TARGET cell, hot cells behind
  | 'passive'; // no command (Rhino-Horn)

export interface WeaponSpec {
  readonly kind: WeaponKind;
  /** Rays pass through machines and wreckage (PENETRATE or BLADE). */
  readonly penetrate: boolean;
  /** No path: hits its cells and cannot be blocked (Mortar). */
  readonly lobbed: boolean;
  /** The machine hit is pushed one square away from the shooter in phase 6 (Minigun). */
  readonly push: boolean;
  /** Every bonk with another machine deals it this much damage (Rhino-Horn). */
  readonly bonkDamage: number;
  /** At least one for every kind but `passive`. */
  readonly options: readonly WeaponOption[];
}

export type ArmourSpec =
  | { readonly kind: 'mark'; readonly shields: number }
  | { readonly kind: 'reflecto' }
  | { readonly kind: 'refracto' };

/** Engine moves, by their NHM notation. */
export const MOVES = ['^', 'v', '<', '>', 'F\\', 'F/', 'B/', 'B\\', '@', 'TEL'] as const;
export type MoveName = (typeof MOVES)[number];

export interface EngineSpec {
  /** Commands this engine adds. */
  readonly moves: readonly MoveName[];
  readonly hover: boolean;
}

export type CpuEffect = 'repair2' | 'half-x' | 'dodge' | 'autotarget';
export type OptionEffect = 'telefrag';

/** A part as loaded from the catalogue. */
export interface Part {
  /** Position in the catalogue's part list. */
  readonly index: number;
  /** Lower-case id used in loadouts and notation: `bazooka`, `mark-ii`, `tank-treads`. */
  readonly key: string;
  readonly name: string;
  /** Optional shorthand in programs (`F`, `H` for the Robo Battle Pig's weapons). */
  readonly short?: string;
  readonly category: Category;
  readonly budget: Budget;
  readonly cost: number;
  readonly tags: readonly string[];
  /** Off unless a config turns experimental parts on. */
  readonly experimental: boolean;
  /** The diagram as written in the catalogue, per option label (for docs and `havoc parts`). */
  readonly diagrams: Readonly<Record<string, readonly string[]>>;
  readonly description: string;
  readonly weapon?: WeaponSpec;
  readonly armour?: ArmourSpec;
  readonly engine?: EngineSpec;
  readonly cpu?: CpuEffect;
  /** For options: the part key it requires (Telefrag requires `teleporter`). */
  readonly option?: { readonly effect: OptionEffect; readonly requires: string };
}

/** A loaded catalogue. */
export interface Catalogue {
  /** The file it came from, or `<builtin>`. */
  readonly source: string;
  /** sha256 of the catalogue's canonical JSON, recorded with every result. */
  readonly hash: string;
  readonly budgets: Readonly<Record<Budget, number>>;
  readonly parts: readonly Part[];
  /** Lookup by key or by short. */
  readonly byKey: ReadonlyMap<string, Part>;
}

/** A machine design as written in configs: part keys per category. */
export interface LoadoutSpec {
  readonly weapons?: readonly string[];
  readonly armour?: readonly string[];
  readonly engines?: readonly string[];
  readonly cpu?: string | null;
  readonly options?: readonly string[];
}

/** A checked loadout: parts resolved against a catalogue. */
export interface Loadout {
  readonly name: string;
  readonly parts: readonly Part[];
  readonly weapons: readonly Part[];
  readonly armour: readonly Part[];
  readonly engines: readonly Part[];
  readonly cpu: Part | null;
  readonly options: readonly Part[];
}
