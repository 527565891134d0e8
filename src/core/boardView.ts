/**
 * A replay as a board, for a viewer (`GameModule.boardView`): the grid, the
 * pieces, a frame a record, and for a hidden-information game what each seat
 * knew. Types only; each ruleset writes its own from its records.
 */

/**
 * A piece in a board frame: its cell (null when off the board), facing (N/E/S/W; "" for a piece without one),
 * hearts, shields, alive, and optionally short badges drawn beside it (Battle Engine: ★ an officer, ➶2 arrows left).
 */
export type BoardPiece = [string | null, string, number, number, boolean, string[]?];

/** One frame of a board view: the start (turn 0, step 0), then one a record. */
export interface BoardFrame {
  /** Turn and step; 0, 0 for the start. */
  t: number;
  s: number;
  /** The pieces, in the view's `pieces` order. */
  m: BoardPiece[];
  /** What each piece's seat wrote for this step, by piece name, in the ruleset's notation. */
  c: Record<string, string>;
  /** Cells under fire this step: [index of the piece firing, cell] (a cell two fire at appears twice). */
  hot: [number, string][];
  /** Indices of the pieces hit this step. */
  hit: number[];
  /** Markers on the board after the step: [owner index, cell, armed] (NHM: mines). */
  mines: [number, string, boolean][];
  /** What happened, in words. */
  ev: string[];
  /** What the viewer calls this frame instead of its turn and step (Battle Engine: "deployment"). */
  name?: string;
  /** The pieces as the other seats saw them: drawn without label or pips, their badges only (a hidden deployment, revealed). */
  veiled?: boolean;
}

/**
 * A row of a square board drawn as a band across it, with its name (Battle Engine's no man's land).
 * Beside `bands`, `BoardView.board` may say what the pieces' badges mean (`badges`: [badge, meaning]) and
 * whose program of the turn the viewer lists (`programs`: every piece's, the default, or only the `actors`'
 * — where one piece of many acts a turn).
 */
export interface BoardBand {
  /** The row, numbered from 1 as cells are. */
  row: number;
  label: string;
}

/**
 * The viewer's table of pieces beside the board, in the game's own words: what a piece and its build are called, its
 * figures, and what the last column lists (what its seat wrote this turn). Each ruleset's board view says (`BoardView.board.seats`); without it the viewer
 * heads the columns piece, build, ♥, ◆ and this turn.
 */
export interface SeatTable {
  /** The piece column's heading (NHM: machine; Hovercrafts: ship). */
  piece: string;
  /** The build column's heading (NHM: loadout), or null for none (every seat the same build: Robo Battle Pigs' pig, the ninjas). */
  build: string | null;
  figures: SeatFigure[];
  /** The last column's heading: what the piece's seat wrote this turn, and its faults (NHM: program this turn). */
  program: string;
}

/** A number column of the seat table. */
export interface SeatFigure {
  heading: string;
  /** What it means, in a few words (the heading's tooltip). */
  about: string;
  /**
   * Where its number comes from each frame: the piece's `hearts` or `shields` (with `from`: `from` minus it, Robo Battle
   * Pigs' damage as 5 minus hearts); `alive`, how many of the row's seat's pieces are alive; a number k, the piece's own
   * fixed `figures[k]`.
   */
  of: 'hearts' | 'shields' | 'alive' | number;
  from?: number;
}

/** A replay as a board (`GameModule.boardView`): a grid of cells named like `a1`, its pieces, and a frame a record. */
export interface BoardView {
  /**
   * Its size; `shape` "hex" for a hex map (odd-r rows, cells named from the top row, facings E NE NW W SW SE), with its wall cells;
   * `note`, what the board's colours and pips mean in this game, in a sentence (the report's legend above the viewer).
   * `markers`, what the frames' markers are called when the game has them (NHM: "Mines"): the viewer then offers them per owner.
   */
  board: { width: number; height: number; shape?: 'square' | 'hex'; walls?: string[]; markers?: string; bands?: BoardBand[]; badges?: [string, string][]; programs?: 'all' | 'actors'; note?: string; seats?: SeatTable };
  /**
   * Per piece: its name, its build's key and its build's name, its seat when that is not its index (a seat with several pieces:
   * Hovercrafts fleets, What Blind Ninjas?), the short label drawn on it when that is not its name (Battle Engine: its rank),
   * and its fixed figures for the seat table (`SeatFigure.of` a number: Hovercrafts' shield, ballistic and energy).
   */
  pieces: { name: string; loadout: string; loadoutName: string; seat?: number; label?: string; figures?: number[] }[];
  frames: BoardFrame[];
  /** A hidden-information ruleset's per-seat layer (What Blind Ninjas?): what each seat knew, frame by frame; absent for a game with nothing hidden. */
  seatViews?: SeatViews;
}

/**
 * What each seat of a hidden-information game knew as the replay went on:
 * the pieces it saw and the marks it got (heard slashes), for the viewer's
 * "as one seat knew it" switch. Generic: any ruleset with secrets may fill it.
 */
export interface SeatViews {
  /** What a mark's kind index means, in words (What Blind Ninjas?: ["swish", "grunt"]); the viewer draws kind 0 hollow, the others filled. */
  kinds: string[];
  /** Per seat, in seat order. */
  seats: SeatLayer[];
}

/** One seat's knowledge through a replay. */
export interface SeatLayer {
  /** Every mark the seat got, in order: [the frame it came with, the seat that made it, cell, kind index]; a frame shows the marks up to it. */
  marks: [number, number, string, number][];
  /** One per frame of the view. */
  frames: SeatFrame[];
}

/** What one seat knew at one frame. */
export interface SeatFrame {
  /** The pieces the seat saw, by index into the view's `pieces` (each as the frame has it). */
  p: number[];
  /** What happened, as the seat knew it, in words. */
  ev: string[];
  /**
   * The seat's bot's belief at the decision this frame's record plays, when
   * the bot exposed one (BOT_BELIEF, core/bot.ts): cell → weight. Filled by
   * the report from the replay's annotations, never by the ruleset.
   */
  b?: Record<string, number>;
}
