/**
 * The served pages' shell: a small stylesheet made for a phone first (one
 * column, tables that fit 390 px, nothing loaded from elsewhere), the
 * contest's name and its links, and the page.
 */
import { esc } from '../report/htmlKit.js';

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:15px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d232b;background:#f6f7f9}
header{background:#1d3557;color:#fff;padding:10px 14px}
header a{color:#fff;margin-right:14px;text-decoration:none;font-weight:600}
header .contest{display:block;font-size:13px;opacity:.8}
main{max-width:960px;margin:0 auto;padding:10px 12px 40px}
h1{font-size:20px;margin:12px 0 6px}h2{font-size:17px;margin:18px 0 6px}
.note{color:#555;font-size:13px}
table{border-collapse:collapse;width:100%;background:#fff;font-size:14px}
th,td{padding:5px 6px;border-bottom:1px solid #e3e6ea;text-align:left;vertical-align:top}
th{font-size:12px;color:#555;font-weight:600}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tr.loss td:first-child{border-left:3px solid #d1495b}tr.draw td:first-child{border-left:3px solid #999}tr.win td:first-child{border-left:3px solid #3c9d5d}
.pm{color:#777;font-size:12px}
.card{background:#fff;border:1px solid #e3e6ea;border-radius:6px;padding:10px 12px;margin:10px 0}
.ok{color:#2b7a3d;font-weight:600}.bad{color:#b3261e;font-weight:600}
code,pre{font:13px/1.35 ui-monospace,Menlo,Consolas,monospace}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #e3e6ea;padding:8px;max-height:60vh;overflow:auto}
form label{display:block;margin:8px 0 3px;font-weight:600}
input[type=text],input[type=number],input[type=password]{width:100%;max-width:420px;padding:7px;font-size:15px}
button{padding:8px 14px;font-size:15px;margin-top:10px}
.wrap{overflow-wrap:anywhere;word-break:break-word}
@media (max-width:480px){.wide{display:none}th,td{padding:4px 3px;font-size:13px}}
`;

/** A served page: `body` under the contest's header; `refresh` seconds reload it (a live leaderboard). */
export function shell(contest: string, title: string, body: string, refresh?: number): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${refresh ? `<meta http-equiv="refresh" content="${refresh}">` : ''}<title>${esc(title)} · ${esc(contest)}</title><style>${CSS}</style></head>
<body><header><span class="contest">${esc(contest)}</span><nav><a href="/">Leaderboard</a><a href="/submit">Submit</a><a href="/organiser">Organiser</a></nav></header>
<main><h1>${esc(title)}</h1>
${body}
</main></body></html>
`;
}

/** `n` things, in words. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** An ISO time as a short UTC one: 01-02 13:04 (the contest's year goes without saying). */
export const when = (iso: string | null): string => (iso ? iso.slice(5, 16).replace('T', ' ') : '');
