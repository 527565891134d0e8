/** The report's stylesheet, inlined into report.html. */
export const REPORT_CSS = `
:root { --fg: #1d2330; --muted: #667085; --line: #d8dde6; --bg: #fff; --band: #f5f7fa; --accent: #2e86ab; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); margin: 0; }
header.top { padding: 18px 28px 10px; border-bottom: 1px solid var(--line); }
header.top h1 { margin: 0 0 4px; font-size: 22px; }
header.top .sub { color: var(--muted); }
nav { margin-top: 8px; display: flex; flex-wrap: wrap; gap: 4px 14px; }
nav a { color: var(--accent); text-decoration: none; }
main { padding: 6px 28px 40px; max-width: 1400px; }
section { margin: 26px 0; }
h2 { font-size: 18px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 6px; }
h4 { margin: 12px 0 4px; font-size: 13px; color: var(--muted); }
p.missing { color: var(--muted); font-style: italic; }
p.note { color: var(--muted); margin: 4px 0; }
p.caution { background: #fff4e5; border-left: 4px solid #e8a33d; padding: 6px 10px; margin: 8px 0; }
details.entrant { border: 1px solid var(--line); border-radius: 4px; margin: 6px 0; padding: 4px 10px; }
details.entrant > summary { cursor: pointer; padding: 2px 0; }
details.entrant table.entrant-games { display: block; max-height: 420px; overflow: auto; font-size: 13px; margin: 6px 0; }
table.entrant-games th, table.entrant-games td { padding: 2px 8px; border-bottom: 1px solid var(--line); text-align: left; }
table.entrant-games tr.loss td:nth-child(4) { color: #b42318; font-weight: 600; }
table.entrant-games tr.win td:nth-child(4) { color: #067647; }
ul.faults { font-size: 13px; margin: 4px 0; padding-left: 18px; max-height: 240px; overflow: auto; overflow-wrap: anywhere; }
ul.faults li { margin: 2px 0; }
.times-of p.times { margin: 6px 0 2px; }
table.times { border-collapse: collapse; font-size: 13px; }
table.times th, table.times td { padding: 2px 8px; border-bottom: 1px solid var(--line); text-align: left; }
table.times td.n, table.times th.n { text-align: right; font-variant-numeric: tabular-nums; }
.times-of p.note { margin: 0 0 6px; }
.bad { color: #b42318; font-weight: 600; }
@media (max-width: 600px) { table.entrant-games .wide { display: none; } table.entrant-games th, table.entrant-games td { padding: 2px 4px; } table.entrant-games td:nth-child(3) { overflow-wrap: anywhere; } }
table.entrant-games button { white-space: nowrap; }
ul.errors { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; max-height: 240px; overflow: auto; margin: 4px 0; padding-left: 18px; }
.scroll { overflow-x: auto; max-height: 640px; overflow-y: auto; border: 1px solid var(--line); }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
table.data { width: max-content; min-width: 100%; font-size: 13px; }
table.data th, table.data td { padding: 3px 7px; border-bottom: 1px solid var(--line); white-space: nowrap; text-align: left; }
table.data th { position: sticky; top: 0; background: var(--band); cursor: pointer; user-select: none; z-index: 1; }
table.data td:first-child { position: sticky; left: 0; background: #fff; z-index: 1; box-shadow: 1px 0 0 var(--line); }
table.data th:first-child { left: 0; z-index: 2; box-shadow: 1px 0 0 var(--line); }
table.data tr.mispriced-under td:first-child { background: #fdecea; }
table.data tr.mispriced-over td:first-child { background: #e8f0fb; }
table.data th[data-sort=asc]::after { content: " ▲"; }
table.data th[data-sort=desc]::after { content: " ▼"; }
table.data td.num { text-align: right; }
table.data td.long { max-width: 260px; overflow: hidden; text-overflow: ellipsis; }
.scroll.fit { display: inline-block; max-width: 100%; }
table.data tr:hover td { background: #f0f6fb; }
table.kv th { text-align: left; padding: 2px 14px 2px 0; color: var(--muted); font-weight: 500; vertical-align: top; }
table.kv td { padding: 2px 0; overflow-wrap: anywhere; }
table.kv { max-width: 100%; }
tr.mispriced-under td { background: #fdecea; }
tr.mispriced-over td { background: #e8f1fb; }
.flag { font-weight: 600; }
p.lead { font-size: 1.05em; max-width: 60em; }
ul.todo { max-width: 60em; padding-left: 1.2em; } ul.todo li { margin: 4px 0; }
.scroll { overflow-x: auto; }
table.prices { border-collapse: collapse; } table.prices th, table.prices td { padding: 4px 8px; border-bottom: 1px solid #eaecf0; text-align: left; } table.prices td.num { text-align: right; }
table.prices th { background: #f5f7fa; font-weight: 600; } table.prices .span { color: #475467; white-space: nowrap; } table.prices td.part { overflow-wrap: anywhere; }
table.prices tr.price-underpriced .status { color: #b42318; font-weight: 600; }
table.prices tr.price-overpriced .status { color: #175cd3; font-weight: 600; }
table.prices tr.price-untested .status, table.prices tr.price-unpriced .status { color: #667085; }
details.behind { margin-top: 14px; } details.behind > summary { cursor: pointer; font-weight: 600; }
@media (max-width: 600px) { table.prices .cat, table.prices .games { display: none; } table.prices td, table.prices th { padding: 3px 4px; } table.prices { font-size: 12px; } }
.flag.under { color: #b42318; } .flag.over { color: #175cd3; }
svg.ibar { vertical-align: middle; }
svg.ibar .whisker { stroke: #475467; stroke-width: 2; }
svg.ibar .ref { stroke: #98a2b3; stroke-dasharray: 2 2; }
svg.ibar .pt { fill: var(--accent); }
svg.ibar .listed { fill: #b42318; }
table.heatmap { font-size: 12px; }
table.heatmap th { padding: 2px 4px; font-weight: 500; white-space: nowrap; }
table.heatmap thead th { writing-mode: vertical-rl; transform: rotate(180deg); text-align: left; height: 120px; }
table.heatmap tbody th { text-align: right; }
table.heatmap td { width: 40px; height: 28px; text-align: center; border: 1px solid #fff; }
table.heatmap td.self { background: #eee; color: #aaa; }
table.heatmap td.none { background: #fafafa; }
.legend { display: flex; gap: 14px; align-items: center; color: var(--muted); font-size: 12px; margin: 6px 0; }
.legend.verdicts { flex-wrap: wrap; }
.matches-bar { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; margin: 6px 0; }
#matches-filter { flex: 1 1 220px; min-width: 0; padding: 4px 6px; }
#matches-table button { font-size: 12px; }
.delta-chart svg, .meta-chart svg { max-width: 100%; height: auto; }
.delta-chart .narrow, .meta-chart .narrow, .score-chart .narrow { display: none; }
@media (max-width: 600px) { .delta-chart .wide, .meta-chart .wide, .score-chart .wide { display: none; } .delta-chart .narrow, .meta-chart .narrow, .score-chart .narrow { display: block; } }
.before-after { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(380px, 100%), 1fr)); gap: 12px 28px; }
.before-after > div { min-width: 0; }
table.prices tr.judged-fixed .status { color: #067647; font-weight: 600; } table.prices td.cost { white-space: nowrap; }
table.prices tr.judged-still-flagged .status, table.prices tr.judged-now-flagged .status { color: #b42318; font-weight: 600; }
table.prices tr.judged-beyond-its-budget .status { color: #b54708; font-weight: 600; }
table.prices tr.judged-needs-more-games .status, table.prices tr.judged-no-price-yet .status { color: #667085; }
.before-after .delta-chart .wide svg { max-width: 100%; height: auto; }
.legend i { display: inline-block; width: 12px; height: 12px; border-radius: 6px; vertical-align: middle; margin-right: 4px; }
svg.chart text { font-size: 11px; fill: #344054; }
svg.chart .axis { stroke: #667085; }
svg.chart .grid { stroke: #eaecf0; }
svg.chart .diag { stroke: #98a2b3; stroke-dasharray: 4 3; }
svg.chart .err { stroke-width: 2; }
.viewer { border: 1px solid var(--line); border-radius: 8px; padding: 12px; outline: none; }
.viewer:focus-visible, .viewer:focus { outline: 3px solid #2e90fa; outline-offset: 2px; }
.viewer button:focus-visible, .viewer select:focus-visible { outline: 2px solid #2e90fa; outline-offset: 1px; }
.viewer .controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 10px; }
.viewer .controls input[type=range] { flex: 1 1 240px; }
.viewer .controls select#replay-select { max-width: min(420px, 100%); }
.board-box { max-width: 100%; }
.viewer .side { min-width: 0; max-width: 100%; overflow-x: auto; }
svg#board { max-width: 100%; height: auto; }
.viewer button { font: inherit; padding: 3px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--band); cursor: pointer; }
.viewer .step-label { min-width: 170px; font-variant-numeric: tabular-nums; }
.viewer-body { display: flex; flex-wrap: wrap; gap: 18px; align-items: flex-start; }
svg.board .sq.light { fill: #f4efe6; } svg.board .sq.dark { fill: #e2d7c3; }
svg.board .sq.hex { stroke: #c9bda8; stroke-width: 1; } svg.board .sq.wall { fill: #4a4a4a; }
svg.board .coord { font-size: 11px; fill: #667085; }
svg.board .hot { opacity: 0.42; }
svg.board .pip.heart { fill: #d92d20; stroke: #fff; stroke-width: 0.8; }
svg.board .pip.shield { fill: #1849a9; stroke: #fff; stroke-width: 0.8; }
svg.board .hit-ring { fill: none; stroke: #f04438; stroke-width: 3; animation: hitflash 0.6s ease-out 2; }
@keyframes hitflash { from { stroke-width: 7; opacity: 1; } to { stroke-width: 2; opacity: 0.6; } }
.legend-box dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; font-size: 12px; margin: 6px 0; }
.legend-box dt { font-family: ui-monospace, monospace; font-weight: 600; }
.legend-box dd { margin: 0; color: var(--muted); }
svg.board .mname { font: 700 14px system-ui, sans-serif; fill: #fff; pointer-events: none; }
svg.board .wreck-mark { fill: #eee; }
svg.board .band { fill: #8a9bb0; opacity: 0.35; }
svg.board .band-label { font: italic 11px system-ui, sans-serif; fill: #344054; letter-spacing: 0.08em; pointer-events: none; }
svg.board .badges { font: 700 11px system-ui, sans-serif; fill: #1d2330; paint-order: stroke; stroke: #fff; stroke-width: 3px; pointer-events: none; }
svg.board .mname.veiled { font-size: 16px; }
.side { flex: 1 1 360px; min-width: 320px; }
.mine-toggles { margin-bottom: 8px; }
.mine-toggle { margin-right: 10px; white-space: nowrap; }
.swatch { display: inline-block; width: 11px; height: 11px; border-radius: 3px; margin: 0 4px; vertical-align: middle; }
table.seats td, table.seats th { padding: 3px 6px; border-bottom: 1px solid var(--line); text-align: left; }
table.seats tr.dead td { color: #98a2b3; }
table.seats td.num { text-align: right; }
/* A narrow screen: each piece a block, its name, bot and build on a line, its figures labelled, its program below. */
@media (max-width: 600px) {
  table.seats, table.seats tbody { display: block; }
  table.seats tr.head { display: none; }
  table.seats tr { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 8px; padding: 4px 0; border-bottom: 1px solid var(--line); }
  table.seats td { border: none; padding: 0; }
  table.seats td.piece { font-weight: 600; }
  table.seats td.num[data-h]::before { content: attr(data-h) " "; color: var(--muted); font-size: 12px; }
  table.seats td.program { flex-basis: 100%; }
  table.seats td.program:empty, table.seats td.marks:empty { display: none; }
}
.cmd { display: inline-block; min-width: 26px; padding: 0 4px; margin-right: 2px; border: 1px solid var(--line); border-radius: 4px; text-align: center; font-family: ui-monospace, monospace; font-size: 12px; }
.cmd.now { background: #ffe8cc; border-color: #ff7a00; font-weight: 700; }
.fault { color: #b42318; margin-left: 6px; font-size: 12px; }
ul.events { margin: 0; padding-left: 18px; min-height: 3em; }
ol.records { margin: 0; padding-left: 34px; font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; max-height: 520px; overflow-y: auto; min-width: 420px; }
ol.records li.now { background: #fff3c4; font-weight: 600; }
ol.records li.future { color: var(--muted); }
.replay-result { font-weight: 600; }
.view-switch { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 0 0 6px; }
.view-switch:empty, .view-note:empty { display: none; }
.view-switch button[aria-pressed=true] { background: #1d2330; color: #fff; border-color: #1d2330; }
.view-note { font-size: 12px; color: var(--muted); margin: 0 0 8px; display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; }
.view-note strong { color: var(--fg); }
.mark-key i { display: inline-block; width: 9px; height: 9px; border-radius: 50%; border: 2px solid #4f5d75; margin-right: 3px; vertical-align: middle; }
.mark-key.grunt i { background: #4f5d75; }
.belief-legend .belief-scale { display: inline-block; width: 80px; height: 10px; vertical-align: middle; border: 1px solid var(--line); background: linear-gradient(to right, rgba(91,42,134,0.08), rgba(91,42,134,0.8)); }
svg.board .heat { fill: #5b2a86; }
svg.board .mark.now circle { stroke-width: 3; }
svg.board .mark:not(.now) { opacity: 0.75; }
`;
