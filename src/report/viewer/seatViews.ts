/**
 * The replay viewer's seat views, for a board of a hidden-information game
 * (one with per-seat views): the switch between the true room and what one
 * seat knew, and that seat's layer under its pieces — its bot's belief as a
 * heat map, its marks so far, and the note that says what the view shows.
 * Runs in the browser: the report inlines this function's source beside the
 * viewer's (page.ts), and the viewer gets it as an argument, so it stands
 * alone: no imports but types, no references outside itself.
 */
import type { SeatFrame } from '../../core/game.js';
import type { BoardReplay } from './data.js';
import type { BoardGeometry } from './geometry.js';

/** What the layer draws with: the viewer's element builders, its switch and note boxes, and its redraw. */
export interface SeatViewUi {
  readonly doc: Document;
  readonly el: <K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Record<string, string>, text?: string) => HTMLElementTagNameMap[K];
  readonly svg: (tag: string, attrs?: Record<string, string | number>, text?: string) => SVGElement;
  readonly colors: readonly string[];
  readonly root: HTMLElement;
  readonly switchBox: HTMLElement;
  readonly note: HTMLElement;
  readonly redraw: () => void;
}

export interface SeatViews {
  /** The switch's buttons for board `r` (none without per-seat views); a seat chosen before stays chosen when `r` has it. */
  load(r: BoardReplay): void;
  /** Empties the switch and the note (a replay without a board). */
  clear(): void;
  /** The next view, in the order of the switch (V): the true room, then each seat. */
  cycle(): void;
  /** The chosen seat's knowledge at `frame`, or null (the true room; the note is emptied). */
  at(frame: number): SeatFrame | null;
  /** Draws into `layer` the chosen seat's belief and marks as of `frame`, and writes the note. */
  drawHeard(frame: number, layer: SVGElement, geo: BoardGeometry): void;
}

export function seatViewLayer(ui: SeatViewUi): SeatViews {
  const { doc, el, svg, colors, root, switchBox, note } = ui;
  let brd: BoardReplay | null = null;
  /** The seat whose view is shown, or null for the true room. */
  let viewSeat: number | null = null;

  function choose(s: number | null): void {
    viewSeat = s;
    switchBox.querySelectorAll('button').forEach((b) => b.setAttribute('aria-pressed', String(b.getAttribute('data-seat') === (s === null ? '' : brd!.seatViews!.names[s]))));
    root.setAttribute('data-view-seat', s === null ? '' : brd!.seatViews!.names[s]);
    ui.redraw();
  }

  function load(r: BoardReplay): void {
    brd = r;
    switchBox.textContent = '';
    const sv = r.seatViews;
    if (!sv || viewSeat === null || viewSeat >= sv.seats.length) viewSeat = null;
    if (!sv) return void (note.textContent = '');
    switchBox.append(el('span', { class: 'view-label' }, 'View: '));
    [null, ...sv.seats.map((_, s) => s)].forEach((s) => {
      const name = s === null ? '' : (sv.names[s] ?? String(s));
      const b = el('button', { type: 'button', class: 'view-button', 'data-seat': s === null ? '' : name, 'aria-pressed': String(s === viewSeat) }, s === null ? 'true room' : `${name} heard`);
      if (s !== null) {
        b.prepend(el('span', { class: 'swatch', style: `background:${colors[s % colors.length]}` }));
        b.title = `the room as seat ${name} (${sv.bots[s] ?? ''}) knew it (V: next view)`;
      } else b.title = 'the room as it really was (V: next view)';
      b.addEventListener('click', () => choose(s));
      switchBox.append(b);
    });
  }

  function clear(): void {
    switchBox.textContent = '';
    note.textContent = '';
  }

  function cycle(): void {
    const views = brd?.seatViews;
    if (!views) return;
    choose(viewSeat === null ? 0 : viewSeat + 1 < views.seats.length ? viewSeat + 1 : null);
  }

  function at(frame: number): SeatFrame | null {
    if (viewSeat === null || !brd?.seatViews) return (note.textContent = ''), null;
    return brd.seatViews.seats[viewSeat].frames[frame] ?? null;
  }

  function drawHeard(frame: number, dyn: SVGElement, geo: BoardGeometry): void {
    const views = brd!.seatViews!, s = viewSeat!, layer = views.seats[s];
    const { cell, hexR } = geo;
    let beliefAt = -1;
    for (let j = frame; j >= 0 && beliefAt < 0; j--) if (layer.frames[j].b) beliefAt = j;
    const belief = beliefAt >= 0 ? layer.frames[beliefAt].b! : null;
    const top = belief ? Math.max(1, ...Object.values(belief)) : 1;
    const heat = svg('g', { class: 'belief' });
    for (const [sq, w] of Object.entries(belief ?? {})) {
      const p = geo.corner(sq);
      if (!p) continue;
      const shade = { class: 'heat', 'data-square': sq, 'data-weight': w, 'fill-opacity': (0.08 + (0.72 * w) / top).toFixed(3) };
      const area = geo.hex ? svg('polygon', { ...shade, points: geo.points(p[0] + cell / 2, p[1] + cell / 2, hexR - 0.5) }) : svg('rect', { ...shade, x: p[0], y: p[1], width: cell, height: cell });
      area.appendChild(svg('title', {}, `${sq}: belief ${w}`));
      heat.appendChild(area);
    }
    dyn.appendChild(heat);
    // Marks: a cell's marks side by side along its top, the latest MAX of them (older ones counted in its title);
    // a filled one for a grunt (kind > 0), a ring for a swish, in the colour of who made it.
    const byCell = new Map<string, [number, number, string, number][]>();
    let count = 0;
    for (const mk of layer.marks) {
      if (mk[0] > frame) break;
      byCell.set(mk[2], [...(byCell.get(mk[2]) ?? []), mk]);
      count++;
    }
    const MAX = 10;
    for (const [sq, list] of byCell) {
      const p = geo.corner(sq);
      if (!p) continue;
      list.slice(-MAX).forEach(([at, by, , kind], k) => {
        const col = colors[by % colors.length], now = at === frame;
        const g = svg('g', { class: `mark ${kind > 0 ? 'grunt' : 'swish'}${now ? ' now' : ''}`, 'data-square': sq, 'data-by': views.names[by] ?? String(by), 'data-kind': views.kinds[kind] ?? String(kind), transform: `translate(${p[0] + 7 + (k % 5) * 8.5},${p[1] + 7 + Math.floor(k / 5) * 8.5})` });
        g.appendChild(svg('circle', { r: now ? 4 : 3.2, fill: kind > 0 ? col : 'white', stroke: col, 'stroke-width': now ? 2.5 : 1.8 }));
        const older = list.length > MAX && k === 0 ? ` (and ${list.length - MAX} older here)` : '';
        g.appendChild(svg('title', {}, `${views.names[by] ?? by} slashed ${sq}: ${views.kinds[kind] ?? kind}${now ? ' (this step)' : ''}${older}`));
        dyn.appendChild(g);
      });
    }
    // The note: what this view is, the mark legend, and the heat map's scale when there is a belief.
    note.textContent = '';
    note.append(el('strong', {}, `As ${views.names[s]} (${views.bots[s] ?? ''}) knew it: `), doc.createTextNode(`its own pieces only; ${count} mark${count === 1 ? '' : 's'} so far `));
    const key = (kind: number): HTMLSpanElement => {
      const k = el('span', { class: `mark-key ${kind > 0 ? 'grunt' : 'swish'}` });
      k.append(el('i', {}), doc.createTextNode(views.kinds[kind] ?? String(kind)));
      return k;
    };
    views.kinds.forEach((_, kind) => note.append(key(kind)));
    note.append(doc.createTextNode(' (in the colour of who made it). '));
    if (belief) {
      const scale = el('span', { id: 'belief-legend', class: 'belief-legend', title: 'the bot\'s belief: weight per cell, shaded from 0 to the scale\'s top' });
      scale.append(doc.createTextNode(`Its bot's belief when it decided in turn ${brd!.frames[beliefAt].t}: 0 `), el('i', { class: 'belief-scale' }), doc.createTextNode(` ${top === 1 ? '1' : top.toFixed(2)}`));
      note.append(scale);
    } else note.append(el('span', { class: 'belief-none' }, 'Its bot exposed no belief.'));
  }

  return { load, clear, cycle, at, drawHeard };
}
