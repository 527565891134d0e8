/**
 * A report page: the stylesheet, a header with the title, a line under it
 * and a link a section, the sections, and the page's script (sortable
 * tables, the matches table, the replay viewer: each a no-op where its part
 * is absent). One file, no network. The run report (html.ts) and the balance
 * pages (balancePages.ts) are written with it.
 */
import { esc } from './htmlKit.js';
import { replayViewer } from './viewer/client.js';
import { boardGeometry } from './viewer/geometry.js';
import { seatViewLayer } from './viewer/seatViews.js';
import { matchesTable } from './viewer/matches.js';
import { sortableTables } from './viewer/sortable.js';
import { REPORT_CSS } from './viewer/style.js';

/** A section: its anchor, its heading and its HTML. */
export type Section = readonly [id: string, name: string, html: string];

/** The page's script: each part's source, called on the document (the viewer with the sources of its board geometry and seat views). */
export function reportScript(): string {
  return [`(${sortableTables.toString()})(document);`, `(${matchesTable.toString()})(document);`, `(${replayViewer.toString()})(document, ${boardGeometry.toString()}, ${seatViewLayer.toString()});`]
    .join('\n')
    .replace(/<\/script/gi, '<\\/script');
}

/** The whole page. */
export function pageHtml(title: string, sub: string, sections: readonly Section[]): string {
  const nav = sections.map(([id, name]) => `<a href="#${id}">${esc(name)}</a>`).join('');
  const body = sections.map(([id, name, html]) => `<section id="${id}"><h2>${esc(name)}</h2>\n${html}\n</section>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header class="top"><h1>${esc(title)}</h1><div class="sub">${esc(sub)}</div><nav>${nav}</nav></header>
<main>
${body}
</main>
<script>
${reportScript()}
</script>
</body>
</html>
`;
}
