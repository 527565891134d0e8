/**
 * NHM-engine games in replays (the format is the arena's, src/arena/replayFormat.ts;
 * these are the module's replay members, src/core/game.ts): the game's
 * description (board, machines, the catalogue's hash and a hint where it came
 * from), rebuilt only with the catalogue it was recorded with; the mines a
 * replay adds to every step record (a replay is omniscient); and a step drawn
 * from its record alone, so old replays play back without bots or catalogue.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { FACINGS, makeBoard, parseFacing, parseSquare, squareName } from '../../core/grid.js';
import { HavocError } from '../../core/errors.js';
import { packageRoot } from '../../core/paths.js';
import { drawBoard } from './board.js';
import { defaultCataloguePath, loadCatalogue } from './catalogue.js';
import { Game } from './game.js';
import { checkLoadout, loadoutKey } from './loadout.js';
import type { Catalogue, Loadout } from './parts.js';
import type { Notation } from './programs.js';
import type { MachineView, StepRecord } from './record.js';
import type { State } from './state.js';
import { isObject } from '../../core/json.js';

/** A machine as it starts the match. */
export interface NhmMachineDescription {
  name: string;
  /** Loadout key (`weapons/armour/engines/cpu`), read back with checkLoadout. */
  loadout: string;
  /** The loadout's name in the run (`robo-pig`, `sniper`, or the key). */
  loadoutName: string;
  square: string;
  facing: string;
  hearts: number;
  shields: number;
}

/** A replay header's `game` for the NHM engine (what havoc-replay/1 held in its header). */
export interface NhmGameDescription {
  catalogueHash: string;
  /** Where the catalogue came from (relative to the package root when inside it); a hint for verifying. */
  catalogue: string;
  board: { width: number; height: number };
  turnLimit: number;
  repairAllSlots: boolean;
  notation: Notation;
  machines: NhmMachineDescription[];
}

/** A mine on the board after a step. */
export interface MinefieldEntry {
  owner: string;
  square: string;
  armed: boolean;
}

/** A step as a replay keeps it: the engine's StepRecord plus every mine on the board after it, by square then owner. */
export interface NhmReplayStep extends StepRecord {
  minefield: MinefieldEntry[];
}

/** What the replay members need of the module they belong to. */
export interface NhmReplayFlavour {
  readonly id: string;
  readonly notation: Notation;
  readonly fixed?: (cat: Catalogue) => Loadout;
}

/**
 * The module's replay members. `bound`: the catalogue the module was bound to
 * with `withData` (a `--parts FILE`), used as given; when undefined the
 * recorded catalogue is looked for (see `findCatalogue`).
 */
export function nhmReplayMembers(flavour: NhmReplayFlavour, bound: Catalogue | undefined) {
  return {
    describeGame: (g: Game): NhmGameDescription => describeNhmGame(g, flavour.notation),
    gameFromDescription: (desc: unknown, where: string, file?: string): Game => nhmGameFromDescription(flavour, desc, where, file, bound),
    replayRecord: (st: State, r: object): NhmReplayStep => ({ ...(r as StepRecord), minefield: minefield(st) }),
  };
}

/** A replay's record drawn from the replay alone (the module's `present.showRecord`). */
export const nhmShowRecord = (desc: unknown, r: object | null, view: string): string => showNhmRecord(desc as NhmGameDescription, r as NhmReplayStep | null, view);

export function describeNhmGame(game: Game, notation: Notation): NhmGameDescription {
  const b = game.board;
  return {
    catalogueHash: game.catalogue.hash,
    catalogue: portablePath(game.catalogue.source),
    board: { width: b.width, height: b.height },
    turnLimit: game.turnLimit,
    repairAllSlots: game.repairAllSlots,
    notation,
    machines: game.names.map((name, m) => ({
      name,
      loadout: loadoutKey(game.loadouts[m]),
      loadoutName: game.loadouts[m].name,
      square: squareName(b, game.startSq[m]),
      facing: FACINGS[game.startFacing[m]],
      hearts: game.startHearts[m],
      shields: game.startShields[m],
    })),
  };
}

/** A catalogue path written so the same run gives the same bytes on any machine: relative to the package root when inside it. */
function portablePath(p: string): string {
  if (!isAbsolute(p)) return p.split(sep).join('/');
  const rel = relative(packageRoot(), p);
  return rel.startsWith('..') || isAbsolute(rel) ? p : rel.split(sep).join('/');
}


/** Checks a description's shape; a HavocError naming the field. */
function checkDescription(d: unknown, where: string): NhmGameDescription {
  const fail = (field: string, problem: string): never => {
    throw new HavocError('ERR_REPLAY', `${where}${field}`, problem);
  };
  if (!isObject(d)) return fail('', 'must be an object (the game of an NHM-engine replay)');
  if (typeof d.catalogueHash !== 'string') fail('.catalogueHash', 'must be a string');
  if (d.catalogue !== undefined && typeof d.catalogue !== 'string') fail('.catalogue', 'must be a string');
  const b = d.board;
  if (!isObject(b) || !Number.isInteger(b.width) || !Number.isInteger(b.height) || (b.width as number) < 1 || (b.height as number) < 1) fail('.board', 'must be {"width": W, "height": H}');
  if (!Number.isInteger(d.turnLimit) || (d.turnLimit as number) < 1) fail('.turnLimit', 'must be a whole number of turns');
  if (typeof d.repairAllSlots !== 'boolean') fail('.repairAllSlots', 'must be true or false');
  if (!Array.isArray(d.machines) || d.machines.length < 1) fail('.machines', 'must be a non-empty array');
  (d.machines as unknown[]).forEach((m, i) => {
    if (!isObject(m) || typeof m.name !== 'string' || typeof m.square !== 'string' || typeof m.facing !== 'string' || typeof m.loadout !== 'string')
      fail(`.machines[${i}]`, 'needs name, loadout, square and facing');
    for (const k of ['hearts', 'shields'] as const) if (!Number.isInteger((m as Record<string, unknown>)[k])) fail(`.machines[${i}].${k}`, 'must be a whole number');
  });
  return d as unknown as NhmGameDescription;
}

/**
 * The catalogue a description names: the file it names, if it exists (as
 * written, or under the package root); else, for a replay in a run folder
 * (`DIR/replays/x.jsonl`), that folder's copy (`DIR/<same file name>`); else
 * the default catalogue. Its hash is checked afterwards.
 */
function findCatalogue(d: NhmGameDescription, file?: string): Catalogue {
  const hinted = d.catalogue;
  const candidates: string[] = [];
  if (hinted) {
    candidates.push(...(isAbsolute(hinted) ? [hinted] : [hinted, join(packageRoot(), hinted)]));
    if (file) candidates.push(join(dirname(file), '..', basename(hinted)));
  }
  for (const p of candidates) if (existsSync(p)) return loadCatalogue(p);
  return loadCatalogue(defaultCataloguePath());
}

/** Rebuilds a described game with the catalogue it was recorded with (refusing any other). */
function nhmGameFromDescription(flavour: NhmReplayFlavour, desc: unknown, where: string, file: string | undefined, bound: Catalogue | undefined): Game {
  const d = checkDescription(desc, where);
  const found = bound ?? findCatalogue(d, file);
  if (d.catalogueHash !== found.hash)
    throw new HavocError(
      'ERR_REPLAY_CATALOGUE',
      `${where}.catalogueHash`,
      `recorded with catalogue hash ${d.catalogueHash} (${d.catalogue}), but ${found.source} has hash ${found.hash}; give the catalogue it was recorded with (--parts FILE)`,
    );
  // The game names its catalogue as the replay does, wherever it was found, so its description reads back the same.
  const cat = d.catalogue === undefined || portablePath(found.source) === d.catalogue ? found : { ...found, source: d.catalogue };
  const board = makeBoard(d.board.width, d.board.height);
  const pig = flavour.fixed ? flavour.fixed(found) : null;
  const machines = d.machines.map((m, i) => {
    const at = `${where}.machines[${i}]`;
    const square = parseSquare(board, m.square);
    const facing = parseFacing(m.facing);
    if (square < 0) throw new HavocError('ERR_REPLAY', `${at}.square`, `"${m.square}" is not a square of the board`);
    if (facing < 0) throw new HavocError('ERR_REPLAY', `${at}.facing`, 'must be N, E, S or W');
    let loadout: Loadout;
    if (pig && m.loadout === loadoutKey(pig)) loadout = pig;
    else {
      const r = checkLoadout(found, m.loadout, m.loadoutName ?? m.loadout, { experimental: true, where: `${at}.loadout` });
      if (!r.ok) throw new HavocError('ERR_REPLAY', `${at}.loadout`, r.errors.map((e) => e.message).join('; '));
      loadout = r.loadout;
    }
    return { name: m.name, loadout, square, facing, hearts: m.hearts, shields: m.shields };
  });
  return new Game({ catalogue: cat, board, machines, turnLimit: d.turnLimit, repairAllSlots: d.repairAllSlots, rulesetId: flavour.id });
}

/** The mines on the board, by square then owner. */
export function minefield(st: State): MinefieldEntry[] {
  const g = st.game, out: MinefieldEntry[] = [];
  for (let s = 0; s < g.size; s++) {
    const own = st.mineOwner[s];
    if (!own) continue;
    for (let m = 0; m < g.n; m++) if (own & (1 << m)) out.push({ owner: g.names[m], square: squareName(g.board, s), armed: (st.mineArmed[s] & (1 << m)) !== 0 });
  }
  return out;
}

/** A step of a replay (null: the start) drawn as the board from its record: machines, hot squares, and the mines `view` shows (all, none, or one owner's). */
function showNhmRecord(d: NhmGameDescription, r: NhmReplayStep | null, view: string): string {
  if (!r) {
    const start: MachineView[] = d.machines.map((m) => ({ name: m.name, square: m.square, facing: m.facing, hearts: m.hearts, shields: m.shields, alive: m.hearts > 0 }));
    return `${d.machines.map((m) => `${m.name}: ${m.loadoutName}`).join('  ')}\n${board(d, start, [], [], view)}`;
  }
  const cmds = Object.entries(r.commands).map(([k, v]) => `${k}: ${v}`).join('  ');
  const ev = events(r);
  return `turn ${r.turn} step ${r.step}   ${cmds}\n${board(d, r.machines, r.hot.flatMap((x) => x.squares), r.minefield ?? [], view)}${ev ? '\n' + ev : ''}`;
}

function events(r: NhmReplayStep): string {
  const out: string[] = [];
  for (const x of r.choices) out.push(`${x.machine} ${x.kind} → ${x.command}`);
  for (const x of r.teleports) out.push(`${x.machine} teleports to ${x.roll}`);
  for (const x of r.bonks) out.push(`${x.machine} bonks ${x.with ?? 'the edge'}`);
  for (const x of r.hits) out.push(`${x.machine} hit for ${x.damage}${x.by ? ` by ${x.by}` : ''} (${x.source})`);
  for (const x of r.mines) out.push(`${x.owner}'s mine ${x.event} on ${x.square}`);
  for (const x of r.repairs) out.push(`${x.machine} repairs ${x.hearts}♥ ${x.shields}◆`);
  for (const x of r.deaths) out.push(`${x} is wrecked`);
  return out.join('; ');
}

/**
 * The fields of a State that drawBoard reads, filled from records. drawBoard
 * is a pure function of these, so a replay draws without its catalogue.
 */
type BoardState = Pick<State, 'occ' | 'alive' | 'facing' | 'sq' | 'hearts' | 'shields' | 'mineOwner'> & { game: { board: State['game']['board']; names: readonly string[] } };

function board(d: NhmGameDescription, machines: readonly MachineView[], hot: readonly string[], field: readonly MinefieldEntry[], view: string): string {
  const b = makeBoard(d.board.width, d.board.height);
  const names = d.machines.map((m) => m.name);
  const n = names.length;
  const st: BoardState = {
    game: { board: b, names },
    occ: new Int16Array(b.size).fill(-1),
    alive: new Uint8Array(n),
    facing: new Uint8Array(n),
    sq: new Int16Array(n).fill(-1),
    hearts: new Int8Array(n),
    shields: new Int8Array(n),
    mineOwner: new Uint8Array(b.size),
  };
  for (const v of machines) {
    const m = names.indexOf(v.name);
    if (m < 0) continue;
    const s = v.square ? parseSquare(b, v.square) : -1;
    st.sq[m] = s;
    if (s >= 0) st.occ[s] = m;
    st.alive[m] = v.alive ? 1 : 0;
    st.facing[m] = Math.max(0, FACINGS.indexOf(v.facing as (typeof FACINGS)[number]));
    st.hearts[m] = v.hearts;
    st.shields[m] = v.shields;
  }
  if (view !== 'none')
    for (const e of field) {
      const s = parseSquare(b, e.square), m = names.indexOf(e.owner);
      if (s >= 0 && m >= 0 && (view === 'all' || view === e.owner)) st.mineOwner[s] |= 1 << m;
    }
  const hotSet = new Set(hot.map((s) => parseSquare(b, s)).filter((s) => s >= 0));
  return drawBoard(st as unknown as State, hotSet, true);
}
