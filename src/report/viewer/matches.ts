/**
 * The matches table, run in the browser: every match of the run (the rows
 * the report embedded), filtered by words, sorted by a header, a page at a
 * time; a saved replay opens in the viewer, through the viewer's own list
 * (the option of that match, chosen as a person would), and a match without
 * one shows the command that plays it again. The report inlines this
 * function's source, so it must stand alone.
 */

/** Wires up the matches table of `doc` (a no-op on a page without one). */
export function matchesTable(doc: Document): void {
  /** Opens the saved replay of match `id`: the viewer's list chooses it, and its change handler does the rest. */
  const watch = (id: number): void => {
    const select = doc.getElementById('replay-select') as HTMLSelectElement | null;
    const option = select?.querySelector<HTMLOptionElement>(`option[data-id="${id}"]`);
    if (!select || !option) return;
    select.value = option.value;
    select.dispatchEvent(new Event('change'));
    doc.getElementById('viewer')?.scrollIntoView();
  };
  // Any ▶ watch of the page (an entrant's games too) opens its replay.
  doc.addEventListener('click', (e) => {
    const b = (e.target as Element | null)?.closest?.('[data-watch]');
    if (b) watch(Number(b.getAttribute('data-watch')));
  });
  // Filter (every word must appear), sort by a header, a page at a time; a saved replay opens in the viewer.
  const matchesBox = doc.getElementById('matches-view');
  const matchesData = doc.getElementById('matches-data');
  if (!matchesBox || !matchesData) return;
  const m = JSON.parse(matchesData.textContent || '{}') as { columns: string[]; textColumns: number[]; texts: string[]; rows: (string | number)[][]; saved: number[]; command: string };
  // Text columns arrive as indices into m.texts.
  for (const r of m.rows) for (const c of m.textColumns) r[c] = m.texts[r[c] as number];
  const saved = new Set(m.saved);
  const PAGE = 100;
  let page = 0, sortCol = 0, asc = true;
  const text = m.rows.map((r) => r.join(' ').toLowerCase());
  const filter = doc.createElement('input');
  filter.type = 'search';
  filter.id = 'matches-filter';
  filter.placeholder = 'filter: words that must all appear, e.g. nash kill';
  filter.setAttribute('aria-label', 'filter matches');
  const count = doc.createElement('span');
  count.id = 'matches-count';
  count.className = 'note';
  const prevPage = doc.createElement('button');
  prevPage.type = 'button';
  prevPage.textContent = '◀ previous';
  const nextPage = doc.createElement('button');
  nextPage.type = 'button';
  nextPage.textContent = 'next ▶';
  const bar = doc.createElement('div');
  bar.className = 'matches-bar';
  bar.append(filter, prevPage, nextPage, count);
  const table = doc.createElement('table');
  table.id = 'matches-table';
  table.className = 'data';
  const headRow = table.createTHead().insertRow();
  [...m.columns, 'replay'].forEach((c, i) => {
    const th = doc.createElement('th');
    th.textContent = c;
    if (i < m.columns.length)
      th.addEventListener('click', () => {
        asc = sortCol === i ? !asc : true;
        sortCol = i;
        page = 0;
        render();
      });
    headRow.appendChild(th);
  });
  const tbody = table.createTBody();
  const scroll = doc.createElement('div');
  scroll.className = 'scroll';
  scroll.appendChild(table);
  const cmd = doc.createElement('p');
  cmd.id = 'matches-command';
  cmd.className = 'note';
  matchesBox.append(bar, scroll, cmd);
  const render = (): void => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    const idx = m.rows.map((_, i) => i).filter((i) => words.every((w) => text[i].includes(w)));
    idx.sort((a, b) => {
      const x = m.rows[a][sortCol], y = m.rows[b][sortCol];
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
      return (asc ? c : -c) || a - b;
    });
    const pages = Math.max(1, Math.ceil(idx.length / PAGE));
    page = Math.min(page, pages - 1);
    Array.from(headRow.cells).forEach((th, i) => (i === sortCol ? th.setAttribute('data-sort', asc ? 'asc' : 'desc') : th.removeAttribute('data-sort')));
    tbody.textContent = '';
    for (const i of idx.slice(page * PAGE, page * PAGE + PAGE)) {
      const tr = tbody.insertRow();
      const id = Number(m.rows[i][0]);
      tr.setAttribute('data-id', String(id));
      for (const v of m.rows[i]) {
        const td = tr.insertCell();
        td.textContent = String(v);
        if (typeof v === 'number') td.className = 'num';
      }
      const td = tr.insertCell();
      const b = doc.createElement('button');
      b.type = 'button';
      b.className = saved.has(id) ? 'watch' : 'how';
      b.textContent = saved.has(id) ? '▶ watch' : 'how to watch';
      b.addEventListener('click', () => (saved.has(id) ? watch(id) : (cmd.innerHTML = `Match ${id} has no saved replay here; this plays it again and writes it: <code>${m.command.replace('ID', String(id))}</code>`)));
      td.appendChild(b);
    }
    prevPage.disabled = page === 0;
    nextPage.disabled = page >= pages - 1;
    count.textContent = `${idx.length ? page * PAGE + 1 : 0}–${Math.min(idx.length, page * PAGE + PAGE)} of ${idx.length} matches${idx.length < m.rows.length ? ` (filtered from ${m.rows.length})` : ''}`;
  };
  filter.addEventListener('input', () => {
    page = 0;
    render();
  });
  prevPage.addEventListener('click', () => (page--, render()));
  nextPage.addEventListener('click', () => (page++, render()));
  render();
}
