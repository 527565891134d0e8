/**
 * The replay viewer, run in the browser: the board as SVG (squares, or hexes
 * with walls for a board of shape "hex"; named row bands), pieces with their
 * labels, pips and badges, step slider, play/pause, mines per owner, each
 * seat's program, and for a board with per-seat views the seat views
 * (seatViews.ts); or, for a replay of a game without a board, its records as
 * text under the same controls. The report inlines this function's source
 * (`reportScript`, with sortable.ts and matches.ts) and calls it with the
 * sources of boardGeometry (geometry.ts) and seatViewLayer, so it must stand
 * alone: no imports but types, no references outside itself.
 */
import type { BoardReplay, RecordsReplay, ViewerReplay } from './data.js';
import type { BoardGeometry, boardGeometry } from './geometry.js';
import type { seatViewLayer } from './seatViews.js';

/** Wires up the replay viewer of `doc` (a no-op on a page without replays), drawing boards with `geometryOf` and seat views with `seatViews`. Runs in the browser. */
export function replayViewer(doc: Document, geometryOf: typeof boardGeometry, seatViews: typeof seatViewLayer): void {
  const SVG = 'http://www.w3.org/2000/svg';
  const COLORS = ['#d1495b', '#2e86ab', '#e3a008', '#3c9d5d', '#8e5ccf', '#e07b39', '#4f5d75', '#c2185b'];
  // Square boards' N E S W, and hex boards' E NE NW W SW SE (pointy-top hexes: a facing points through an edge).
  const FACING_DEG: Record<string, number> = { N: 0, E: 90, S: 180, W: 270, NE: 30, NW: 330, SW: 210, SE: 150 };

  const root = doc.getElementById('viewer');
  const dataEl = doc.getElementById('replay-data');
  if (!root || !dataEl) return;
  const replays = JSON.parse(dataEl.textContent || '[]') as ViewerReplay[];
  if (replays.length === 0) return;

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] => {
    const e = doc.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const svg = (tag: string, attrs: Record<string, string | number> = {}, text?: string): SVGElement => {
    const e = doc.createElementNS(SVG, tag) as SVGElement;
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  };

  const controls = el('div', { class: 'controls' });
  const select = el('select', { id: 'replay-select', 'aria-label': 'replay' });
  replays.forEach((r, i) => select.appendChild(el('option', { value: String(i), 'data-id': String(r.id ?? '') }, r.title)));
  const prev = el('button', { id: 'step-prev', type: 'button', title: 'previous step (←)' }, '◀');
  const play = el('button', { id: 'play', type: 'button', title: 'play / pause (space)' }, '▶ play');
  const next = el('button', { id: 'step-next', type: 'button', title: 'next step (→)' }, '▶');
  const slider = el('input', { id: 'step-slider', type: 'range', min: '0', max: '0', value: '0', 'aria-label': 'step' });
  const label = el('span', { id: 'step-label', class: 'step-label' });
  const speed = el('select', { id: 'speed', 'aria-label': 'speed' });
  for (const [ms, name] of [
    [800, 'slow'],
    [400, 'normal'],
    [150, 'fast'],
  ] as const) {
    const o = el('option', { value: String(ms) }, name);
    if (ms === 400) o.selected = true;
    speed.appendChild(o);
  }
  const prevTurn = el('button', { id: 'turn-prev', type: 'button', title: 'start of this turn, or of the one before (Page Up)' }, '« turn');
  const nextTurn = el('button', { id: 'turn-next', type: 'button', title: 'next turn (Page Down)' }, 'turn »');
  const nextHit = el('button', { id: 'hit-next', type: 'button', title: 'next step with a hit (H)' }, 'next hit');
  controls.append(select, prevTurn, prev, play, next, nextTurn, nextHit, slider, label, speed);
  const body = el('div', { class: 'viewer-body' });
  const boardBox = el('div', { class: 'board-box' });
  const side = el('div', { class: 'side' });
  const mineBox = el('div', { id: 'mine-toggles', class: 'mine-toggles' });
  const seats = el('table', { id: 'seats', class: 'seats' });
  const events = el('ul', { id: 'events', class: 'events' });
  const result = el('p', { id: 'replay-result', class: 'replay-result' });
  const legend = el('details', { id: 'legend', class: 'legend-box' });
  side.append(mineBox, seats, el('h4', {}, 'This step'), events, result, legend);
  body.append(boardBox, side);
  // Whose view (boards with per-seat views only): the true room, or one seat's; and what that view shows.
  const viewSwitch = el('div', { id: 'view-switch', class: 'view-switch', role: 'group', 'aria-label': 'whose view (V)' });
  const viewNote = el('div', { id: 'view-note', class: 'view-note' });
  root.append(controls, viewSwitch, viewNote, body);

  let rep: ViewerReplay = replays[0];
  /** The replay on a board (the board functions run only for one). */
  let brd: BoardReplay = rep as BoardReplay;
  /** A piece's colour: its seat's (a piece is its own seat unless the board says otherwise). */
  const colour = (m: number): string => COLORS[(brd.machines[m]?.seat ?? m) % COLORS.length];
  const frameCount = (): number => (rep.view === 'records' ? rep.records.length : rep.frames.length);
  let frame = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  const showMines = new Set<number>();
  let dyn: SVGElement;
  /** Where the board's cells are (set when a board is loaded). */
  let geo: BoardGeometry;
  const views = seatViews({ doc, el, svg, colors: COLORS, root, switchBox: viewSwitch, note: viewNote, redraw: () => draw() });

  function load(i: number): void {
    rep = replays[i];
    stop();
    frame = 0;
    legend.textContent = '';
    if (rep.legend.length) {
      legend.appendChild(el('summary', {}, 'What the commands mean'));
      const dl = el('dl');
      for (const [word, meaning] of rep.legend) dl.append(el('dt', {}, word), el('dd', {}, meaning));
      legend.appendChild(dl);
    }
    // What the pieces' badges mean, when the board view says.
    if (rep.view === 'board' && rep.board.badges?.length) {
      if (!rep.legend.length) legend.appendChild(el('summary', {}, 'What the marks mean'));
      const dl = el('dl', { class: 'badge-key' });
      for (const [badge, meaning] of rep.board.badges) dl.append(el('dt', {}, badge), el('dd', {}, meaning));
      legend.appendChild(dl);
    }
    slider.max = String(frameCount() - 1);
    root!.setAttribute('data-view', rep.view);
    if (rep.view === 'records') return loadRecords(rep);
    brd = rep;
    showMines.clear();
    rep.machines.forEach((_, m) => showMines.add(m));
    mineBox.textContent = '';
    // The marker toggles, for a game that has markers (its board view names them: NHM's mines), or where some were laid.
    const anyMines = rep.frames.some((f) => f.mines.length > 0);
    const markers = rep.board.markers ?? (anyMines ? 'Markers' : null);
    const mineToggles = markers !== null;
    if (mineToggles) mineBox.append(el('span', {}, anyMines ? `${markers}, as their owner saw them: ` : `${markers} (none laid): `));
    if (mineToggles) rep.machines.forEach((mc, m) => {
      const lab = el('label', { class: 'mine-toggle' });
      const box = el('input', { type: 'checkbox', 'data-owner': mc.name });
      box.checked = true;
      box.addEventListener('change', () => {
        if (box.checked) showMines.add(m);
        else showMines.delete(m);
        draw();
      });
      lab.append(box, el('span', { class: 'swatch', style: `background:${colour(m)}` }), doc.createTextNode(mc.name));
      mineBox.append(lab);
    });
    views.load(rep);
    // The fixed board: squares (or hexes and walls) and coordinates.
    geo = geometryOf(rep.board);
    const { cell, margin, hexR } = geo, hexCenter = geo.center, hexPoints = geo.points;
    const w = rep.board.width, h = rep.board.height;
    const bw = geo.width, bh = geo.height;
    const board = svg('svg', { id: 'board', class: 'board', viewBox: `0 0 ${bw} ${bh}`, width: bw, height: bh, role: 'img' });
    if (geo.hex) {
      const walls = new Set(rep.board.walls ?? []);
      for (let r = 0; r < h; r++)
        for (let f = 0; f < w; f++) {
          const name = String.fromCharCode(97 + f) + (r + 1);
          const [cx, cy] = hexCenter(f, r);
          board.appendChild(svg('polygon', { class: `sq hex ${walls.has(name) ? 'wall' : 'light'}`, 'data-square': name, points: hexPoints(cx, cy, hexR - 0.5) }));
        }
      for (let f = 0; f < w; f++) board.appendChild(svg('text', { class: 'coord', x: hexCenter(f, h - 1)[0] - ((h - 1) & 1 ? cell / 2 : 0), y: bh - margin + 15, 'text-anchor': 'middle' }, String.fromCharCode(97 + f)));
      for (let r = 0; r < h; r++) board.appendChild(svg('text', { class: 'coord', x: margin - 10, y: hexCenter(0, r)[1] + 4, 'text-anchor': 'middle' }, String(r + 1)));
    } else {
    for (let r = 0; r < h; r++)
      for (let f = 0; f < w; f++) {
        const name = String.fromCharCode(97 + f) + (r + 1);
        board.appendChild(svg('rect', { class: `sq ${(f + r) % 2 ? 'light' : 'dark'}`, 'data-square': name, x: margin + f * cell, y: margin + (h - 1 - r) * cell, width: cell, height: cell }));
      }
    // Named rows (Battle Engine's no man's land): a band across the board.
    for (const band of rep.board.bands ?? []) {
      const y = margin + (h - band.row) * cell;
      board.appendChild(svg('rect', { class: 'band', 'data-row': band.row, x: margin, y, width: w * cell, height: cell }));
      board.appendChild(svg('text', { class: 'band-label', x: margin + (w * cell) / 2, y: y + cell / 2 + 4, 'text-anchor': 'middle' }, band.label));
    }
    for (let f = 0; f < w; f++) board.appendChild(svg('text', { class: 'coord', x: margin + f * cell + cell / 2, y: margin + h * cell + 15, 'text-anchor': 'middle' }, String.fromCharCode(97 + f)));
    for (let r = 0; r < h; r++) board.appendChild(svg('text', { class: 'coord', x: margin - 8, y: margin + (h - 1 - r) * cell + cell / 2 + 4, 'text-anchor': 'middle' }, String(r + 1)));
    }
    dyn = svg('g', { class: 'dyn' });
    board.appendChild(dyn);
    boardBox.textContent = '';
    boardBox.appendChild(board);
    draw();
  }

  // A replay without a board: its records as a list, the current one marked.
  let recordList: HTMLOListElement | null = null;
  function loadRecords(r: RecordsReplay): void {
    mineBox.textContent = '';
    views.clear();
    recordList = el('ol', { id: 'records', class: 'records', start: '0' });
    r.records.forEach(([, text], k) => recordList!.appendChild(el('li', { 'data-frame': String(k) }, k === 0 ? 'start' : text)));
    boardBox.textContent = '';
    boardBox.appendChild(recordList);
    draw();
  }

  function drawRecords(r: RecordsReplay): void {
    const [t, text] = r.records[frame];
    const last = r.records.length - 1;
    slider.value = String(frame);
    label.textContent = frame === 0 ? `start (0/${last})` : `record ${frame}, turn ${t} (${frame}/${last})`;
    root!.setAttribute('data-frame', String(frame));
    root!.setAttribute('data-turn', String(t));
    root!.setAttribute('data-step', '0');
    recordList?.querySelectorAll('li').forEach((li, k) => li.setAttribute('class', k === frame ? 'now' : k > frame ? 'future' : ''));
    seats.textContent = '';
    const head = el('tr');
    for (const hcell of ['seat', 'bot', 'faults']) head.appendChild(el('th', {}, hcell));
    seats.appendChild(head);
    r.seats.forEach((sc, m) => {
      const tr = el('tr', { 'data-seat': sc.name });
      const faults = el('td');
      for (const x of r.faults.filter((x) => x.seat === m && x.turn <= t)) faults.appendChild(el('span', { class: 'fault', title: x.message }, `turn ${x.turn}: ${x.kind}`));
      tr.append(el('td', {}, sc.name), el('td', {}, sc.bot), faults);
      seats.appendChild(tr);
    });
    events.textContent = '';
    events.appendChild(el('li', {}, frame === 0 ? 'start' : text));
    result.textContent = frame === last ? r.result : '';
  }

  function programOf(t: number, name: string): string[] {
    const out: string[] = [];
    for (const f of brd.frames) if (f.t === t && f.s > 0) out[f.s - 1] = f.c[name] ?? '';
    return out;
  }

  function draw(): void {
    if (rep.view === 'records') return drawRecords(rep);
    const f = brd.frames[frame];
    slider.value = String(frame);
    label.textContent = `${f.name ?? (f.t === 0 ? 'start' : `turn ${f.t} step ${f.s}`)} (${frame}/${brd.frames.length - 1})`;
    root!.setAttribute('data-frame', String(frame));
    root!.setAttribute('data-turn', String(f.t));
    root!.setAttribute('data-step', String(f.s));
    root!.setAttribute('data-veiled', String(f.veiled === true));
    dyn.textContent = '';
    const { cell, hexR } = geo, xy = geo.corner;
    // A seat's view: only what it knew (its pieces, its marks and belief, its words); the true room's hot squares are its marks.
    const sv = views.at(frame);
    const seen = (m: number): boolean => !sv || sv.p.includes(m);
    if (sv) views.drawHeard(frame, dyn, geo);
    // Hot squares in the shooter's colour (two shooters on one square: two halves).
    const shooters = new Map<string, number[]>();
    for (const [by, sq] of sv ? [] : f.hot) shooters.set(sq, [...(shooters.get(sq) ?? []), by]);
    for (const [sq, bys] of shooters) {
      const p = xy(sq);
      if (!p) continue;
      const w = (cell - 4) / bys.length;
      if (geo.hex)
        bys.forEach((by, i) =>
          dyn.appendChild(
            svg('polygon', { class: 'hot', 'data-square': sq, 'data-by': brd.machines[by]?.name ?? '', points: geo.points(p[0] + cell / 2, p[1] + cell / 2, hexR - 3 - 5 * i), fill: 'none', stroke: COLORS[by % COLORS.length], 'stroke-width': 4 }),
          ),
        );
      else bys.forEach((by, i) =>
        dyn.appendChild(
          svg('rect', { class: 'hot', 'data-square': sq, 'data-by': brd.machines[by]?.name ?? '', x: p[0] + 2 + i * w, y: p[1] + 2, width: w, height: cell - 4, rx: 4, fill: colour(by) }),
        ),
      );
    }
    for (const [owner, sq, armed] of f.mines) {
      if (!showMines.has(owner) || !seen(owner)) continue;
      const p = xy(sq);
      if (!p) continue;
      const dx = 8 + (owner % 4) * 10;
      const col = colour(owner);
      dyn.appendChild(
        svg('circle', {
          class: `mine ${armed ? 'armed' : 'unarmed'}`,
          'data-owner': brd.machines[owner]?.name ?? '',
          'data-square': sq,
          'data-armed': String(armed),
          cx: p[0] + dx,
          cy: p[1] + cell - 8,
          r: 4.5,
          fill: armed ? col : 'white',
          stroke: col,
          'stroke-width': 2,
        }),
      );
    }
    // The pieces' figures in the game's words (its board view's seat table), else generic ones: the table's columns and each piece's tooltip.
    const table = brd.board.seats ?? { piece: 'piece', build: 'build', figures: [{ heading: '♥', about: 'hearts', of: 'hearts' as const }, { heading: '◆', about: 'shields', of: 'shields' as const }], program: 'this turn' };
    const seatOf = (m: number): number => brd.machines[m]?.seat ?? m;
    const figure = (x: (typeof table.figures)[number], m: number): string => {
      const [, , hearts, shields] = f.m[m];
      const v = x.of === 'hearts' ? hearts : x.of === 'shields' ? shields : x.of === 'alive' ? f.m.filter((p, k) => p[4] && seatOf(k) === seatOf(m)).length : brd.machines[m].figures?.[x.of];
      return v === undefined ? '' : String(x.from !== undefined && (x.of === 'hearts' || x.of === 'shields') ? x.from - v : v);
    };
    // Pieces sharing a cell (What Blind Ninjas?: players pass through each other) are drawn smaller, side by side.
    const sharing = new Map<string, number[]>();
    f.m.forEach(([sq], m) => sq && seen(m) && sharing.set(sq, [...(sharing.get(sq) ?? []), m]));
    f.m.forEach(([sq, facing, hearts, shields, alive, badges = []], m) => {
      if (!sq || !seen(m)) return;
      const p = xy(sq);
      if (!p) return;
      const mates = sharing.get(sq)!, k = mates.indexOf(m), shrink = mates.length > 1 ? 0.62 : 1;
      const dx = mates.length > 1 ? (k - (mates.length - 1) / 2) * ((cell * 0.9) / mates.length) : 0;
      const name = brd.machines[m].name, text = brd.machines[m].label ?? name;
      const col = colour(m);
      const g = svg('g', {
        class: alive ? 'machine' : 'machine wreck',
        'data-machine': name,
        'data-square': sq,
        'data-facing': facing,
        'data-hearts': hearts,
        'data-shields': shields,
        'data-alive': String(alive),
        'data-badges': badges.join(' '),
        transform: `translate(${p[0] + cell / 2 + dx},${p[1] + cell / 2})${shrink < 1 ? ` scale(${shrink})` : ''}`,
      });
      if (alive) {
        const turn = svg('g', { class: 'facing', transform: `rotate(${FACING_DEG[facing] ?? 0})` });
        turn.appendChild(svg('circle', { r: 16, fill: col, stroke: '#222', 'stroke-width': 1.5 }));
        // A piece without a facing ("") has no arrow.
        if (facing) turn.appendChild(svg('polygon', { class: 'arrow', points: '0,-23 8,-12 -8,-12', fill: '#222' }));
        g.appendChild(turn);
        if (f.veiled) {
          // As the other seats saw it: its badges alone, in the label's place.
          g.appendChild(svg('text', { class: 'mname veiled', y: 5, 'text-anchor': 'middle' }, badges.join('') || '•'));
        } else {
          // A long label is set smaller so it stays inside the piece.
          const size = text.length <= 3 ? 14 : text.length === 4 ? 12 : text.length === 5 ? 10 : 9;
          g.appendChild(svg('text', { class: 'mname', y: size / 3, 'text-anchor': 'middle', style: `font-size:${size}px` }, text));
          // Hearts and shields as pips under the piece.
          const pips = svg('g', { class: 'pips', transform: 'translate(0,21)' });
          const n = hearts + shields;
          for (let k = 0; k < n; k++)
            pips.appendChild(svg('circle', { class: k < hearts ? 'pip heart' : 'pip shield', cx: (k - (n - 1) / 2) * 5.5, cy: 0, r: 2.3 }));
          g.appendChild(pips);
          if (badges.length) g.appendChild(svg('text', { class: 'badges', x: -cell / 2 + 2, y: -cell / 2 + 9 }, badges.join(' ')));
        }
        // A ring when it was hit this step.
        if (f.hit.includes(m)) g.appendChild(svg('circle', { class: 'hit-ring', r: 20 }));
      } else {
        g.appendChild(svg('rect', { x: -17, y: -17, width: 34, height: 34, rx: 3, fill: '#777', stroke: col, 'stroke-width': 3 }));
        g.appendChild(svg('text', { class: 'mname wreck-mark', y: 6, 'text-anchor': 'middle' }, '✕'));
      }
      const figures = table.figures.map((x) => `${x.heading} ${figure(x, m)}`);
      const about = f.veiled ? `seen by the other side: ${badges.length ? badges.join(' ') : 'not an officer'}` : [...figures, ...badges].join(', ');
      g.appendChild(svg('title', {}, `${name} on ${sq}${facing ? ` facing ${facing}` : ''}: ${about}${alive ? '' : ' (wreck)'}`));
      dyn.appendChild(g);
    });
    // Seats: who plays, state, this turn's program with the current step marked.
    seats.textContent = '';
    const head = el('tr', { class: 'head' });
    // A marks column where the board view gives pieces badges.
    const marks = brd.frames.some((x) => x.m.some((p) => p[5]?.length));
    head.append(el('th'), el('th', {}, table.piece), el('th', {}, 'bot'));
    if (table.build !== null) head.appendChild(el('th', {}, table.build));
    for (const x of table.figures) head.appendChild(el('th', { class: 'num', title: x.about }, x.heading));
    if (marks) head.appendChild(el('th', {}, 'marks'));
    head.appendChild(el('th', {}, table.program));
    seats.appendChild(head);
    brd.machines.forEach((mc, m) => {
      if (!seen(m)) return;
      const [sq, , , , alive, badges = []] = f.m[m];
      const tr = el('tr', { 'data-machine': mc.name, class: alive ? '' : 'dead' });
      const sw = el('td');
      sw.appendChild(el('span', { class: 'swatch', style: `background:${colour(m)}` }));
      // Each cell carries its heading (data-h): a narrow screen lays a row out as a line of labelled figures.
      tr.append(sw, el('td', { class: 'piece' }, `${mc.name}${sq ? ' ' + sq : ''}`), el('td', { class: 'bot' }, mc.bot));
      if (table.build !== null) tr.appendChild(el('td', { class: 'build', title: mc.loadout }, mc.loadoutName));
      for (const x of table.figures) tr.appendChild(el('td', { class: 'num', 'data-h': x.heading, title: x.about }, figure(x, m)));
      if (marks) tr.appendChild(el('td', { class: 'marks' }, badges.join(' ')));
      const progCell = el('td', { class: 'program' });
      const program = f.t > 0 ? programOf(f.t, mc.name) : [];
      // Where one piece of many acts a turn, the others' cells stay empty rather than rows of dots.
      if (f.t > 0) {
        if (brd.board.programs !== 'actors' || program.some(Boolean)) program.forEach((c, k) => progCell.appendChild(el('span', { class: k === f.s - 1 ? 'cmd now' : 'cmd', 'data-step': String(k + 1) }, c || '·')));
        const fault = brd.faults.filter((x) => x.seat === (mc.seat ?? m) && x.turn === f.t);
        for (const x of fault) progCell.appendChild(el('span', { class: 'fault', title: x.message }, `fault: ${x.kind}`));
      }
      tr.appendChild(progCell);
      seats.appendChild(tr);
    });
    events.textContent = '';
    for (const e of sv ? sv.ev : f.ev) events.appendChild(el('li', {}, e));
    result.textContent = frame === brd.frames.length - 1 ? brd.result : '';
  }

  function go(i: number): void {
    frame = Math.max(0, Math.min(frameCount() - 1, i));
    draw();
  }
  function stop(): void {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = '▶ play';
    root!.setAttribute('data-playing', 'false');
  }
  function start(): void {
    if (frame >= frameCount() - 1) go(0);
    play.textContent = '❚❚ pause';
    root!.setAttribute('data-playing', 'true');
    timer = setInterval(() => {
      if (frame >= frameCount() - 1) stop();
      else go(frame + 1);
    }, Number(speed.value));
  }

  // After choosing a replay the keys step it, not the list: the focus goes to the viewer.
  select.addEventListener('change', () => {
    load(Number(select.value));
    root.focus();
  });
  /** The first frame of the turn of frame i (the start counts as turn 0). */
  const turnOf = (i: number): number => (rep.view === 'records' ? rep.records[i][0] : brd.frames[i].t);
  const turnStart = (i: number): number => {
    let j = i;
    while (j > 0 && turnOf(j - 1) === turnOf(i)) j--;
    return j;
  };
  const goPrevTurn = (): void => go(turnStart(frame) === frame && frame > 0 ? turnStart(frame - 1) : turnStart(frame));
  const goNextTurn = (): void => {
    let j = frame;
    while (j < frameCount() - 1 && turnOf(j) === turnOf(frame)) j++;
    go(j);
  };
  const goNextHit = (): void => {
    if (rep.view === 'records') return go(frame + 1);
    for (let j = frame + 1; j < brd.frames.length; j++) if (brd.frames[j].hit.length) return go(j);
    go(brd.frames.length - 1);
  };
  prevTurn.addEventListener('click', goPrevTurn);
  nextTurn.addEventListener('click', goNextTurn);
  nextHit.addEventListener('click', goNextHit);
  prev.addEventListener('click', () => go(frame - 1));
  next.addEventListener('click', () => go(frame + 1));
  slider.addEventListener('input', () => go(Number(slider.value)));
  play.addEventListener('click', () => (timer === null ? start() : stop()));
  speed.addEventListener('change', () => {
    if (timer !== null) {
      stop();
      start();
    }
  });
  root.tabIndex = 0;
  // Keys work anywhere on the page while the viewer is on screen, except while typing in a field or choosing
  // in a list (those keep their own keys); elsewhere the page keeps Home, End and the page keys for scrolling.
  doc.addEventListener('keydown', (e) => {
    const t = e.target, box = root.getBoundingClientRect();
    if (box.bottom < 0 || box.top > (doc.defaultView?.innerHeight ?? Infinity)) return;
    if (t instanceof HTMLInputElement && t.type !== 'range') return;
    if (t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowRight') go(frame + 1);
    else if (e.key === 'ArrowLeft') go(frame - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(frameCount() - 1);
    else if (e.key === 'PageDown') goNextTurn();
    else if (e.key === 'PageUp') goPrevTurn();
    else if (e.key === 'h' || e.key === 'H') goNextHit();
    else if ((e.key === 'v' || e.key === 'V') && rep.view === 'board' && brd.seatViews) views.cycle();
    else if (e.key === ' ' && !(t instanceof HTMLButtonElement)) timer === null ? start() : stop();
    else return;
    e.preventDefault();
  });
  load(0);
}
