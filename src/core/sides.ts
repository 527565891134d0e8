/**
 * Games played by two sides (Hovercrafts' teams): which side a seat is on,
 * and which side won. A side's win puts all its seats in first place, so the
 * one-seat `winner` of a result is null, as for a draw; these name the side.
 */
import type { AnyGameModule } from './game.js';
import { firstPlace, type Outcome } from './outcome.js';

/** The side seat `seat` of `game` plays on: the game's own placing (`seatSide`), else `sideOf`; null for a ruleset without sides. */
export function sideOfSeat(mod: AnyGameModule, game: unknown, seat: number): number | null {
  if (!mod.sides) return null;
  return mod.seatSide ? mod.seatSide(game, seat) : mod.sideOf ? mod.sideOf(seat, mod.seatCount(game)) : null;
}

/** The winning side's name: every seat in first place on one side and not every seat first (a draw); else null. */
export function winningSideName(mod: AnyGameModule, game: unknown, o: Outcome | null): string | null {
  if (!o || !mod.sides) return null;
  const first = firstPlace(o);
  if (first.length === 0 || first.length === o.ranks.length) return null;
  const side = sideOfSeat(mod, game, first[0]);
  return side !== null && first.every((s) => sideOfSeat(mod, game, s) === side) ? mod.sides[side] : null;
}
