/**
 * Where the replay viewer draws a board's cells in its SVG: squares, rank 1
 * at the bottom, or pointy-top hexes (a hex `cell` wide, rows counted from
 * the top, odd rows shoved half a hex right). Runs in the browser: the
 * report inlines this function's source beside the viewer's (page.ts), and
 * the viewer gets it as an argument, so it stands alone: no imports but
 * types, no references outside itself.
 */

/** A board's cells on the page. */
export interface BoardGeometry {
  readonly hex: boolean;
  /** A square's side, or a hex's width. */
  readonly cell: number;
  /** Room around the cells (for the coordinates). */
  readonly margin: number;
  /** A hex's radius (centre to corner). */
  readonly hexR: number;
  /** The SVG's size. */
  readonly width: number;
  readonly height: number;
  /** A hex's centre (file and rank from 0). */
  center(f: number, r: number): [number, number];
  /** The corners of a hex of radius `rad` about (cx, cy), as an SVG polygon's points. */
  points(cx: number, cy: number, rad: number): string;
  /** The top-left corner of a cell's box (a square's, or the box around a hex's centre); null off the board. */
  corner(sq: string): [number, number] | null;
}

export function boardGeometry(board: { readonly shape?: string; readonly width: number; readonly height: number }): BoardGeometry {
  const cell = 48, margin = 22;
  const hex = board.shape === 'hex';
  const hexR = cell / Math.sqrt(3);
  const center = (f: number, r: number): [number, number] => [margin + cell * (f + 0.5 * (r & 1)) + cell / 2, margin + hexR + r * 1.5 * hexR];
  const points = (cx: number, cy: number, rad: number): string =>
    [0, 1, 2, 3, 4, 5].map((k) => `${(cx + rad * Math.cos(((60 * k - 30) * Math.PI) / 180)).toFixed(1)},${(cy + rad * Math.sin(((60 * k - 30) * Math.PI) / 180)).toFixed(1)}`).join(' ');
  const corner = (sq: string): [number, number] | null => {
    const f = sq.charCodeAt(0) - 97, r = Number(sq.slice(1)) - 1;
    if (!(f >= 0 && f < board.width && r >= 0 && r < board.height)) return null;
    if (hex) {
      const [cx, cy] = center(f, r);
      return [cx - cell / 2, cy - cell / 2];
    }
    return [margin + f * cell, margin + (board.height - 1 - r) * cell];
  };
  const w = board.width, h = board.height;
  return {
    hex,
    cell,
    margin,
    hexR,
    width: hex ? (w + 0.5) * cell + 2 * margin : w * cell + 2 * margin,
    height: hex ? (1.5 * h + 0.5) * hexR + 2 * margin : h * cell + 2 * margin,
    center,
    points,
    corner,
  };
}
