/**
 * Sortable tables, run in the browser: a click on a header sorts its table
 * by that column (numbers as numbers), a second click the other way. The
 * report inlines this function's source, so it must stand alone.
 */

/** Makes every `table.sortable` of `doc` sort by a clicked header. */
export function sortableTables(doc: Document): void {
  doc.querySelectorAll<HTMLTableElement>('table.sortable').forEach((table) => {
    const heads = table.tHead ? Array.from(table.tHead.rows[0].cells) : [];
    heads.forEach((th, col) => {
      th.addEventListener('click', () => {
        const body = table.tBodies[0];
        const asc = th.getAttribute('data-sort') !== 'asc';
        heads.forEach((h) => h.removeAttribute('data-sort'));
        th.setAttribute('data-sort', asc ? 'asc' : 'desc');
        const key = (tr: HTMLTableRowElement): string => tr.cells[col]?.getAttribute('data-v') ?? tr.cells[col]?.textContent ?? '';
        const rows = Array.from(body.rows);
        rows.sort((a, b) => {
          const x = key(a), y = key(b);
          const nx = Number(x), ny = Number(y);
          const c = x !== '' && y !== '' && !isNaN(nx) && !isNaN(ny) ? nx - ny : x < y ? -1 : x > y ? 1 : 0;
          return asc ? c : -c;
        });
        for (const r of rows) body.appendChild(r);
      });
    });
  });
}
