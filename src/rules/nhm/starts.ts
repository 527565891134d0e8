/** Default starts (RULES.md section 1): d8 S, e1 N, a4 E, h5 W on 8x8. */
import { type Board, squareAt } from '../../core/grid.js';

/** The default start squares and facings for `n` machines, scaled to the board. */
export function defaultStarts(board: Board, n: number): { square: number; facing: number }[] {
  const w = board.width, h = board.height;
  const starts = [
    { square: squareAt(board, Math.floor((w - 1) / 2), h - 1), facing: 2 },
    { square: squareAt(board, Math.floor(w / 2), 0), facing: 0 },
    { square: squareAt(board, 0, Math.floor((h - 1) / 2)), facing: 1 },
    { square: squareAt(board, w - 1, Math.floor(h / 2)), facing: 3 },
  ];
  if (n > starts.length) throw new Error(`default starts exist for up to ${starts.length} machines; give starts for ${n}`);
  return starts.slice(0, n);
}
