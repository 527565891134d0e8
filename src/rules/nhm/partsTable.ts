/**
 * The parts catalogue as `havoc parts` shows it: a table of parts with each
 * weapon's diagrams under it, and a closing line naming the file, its hash and
 * the budgets.
 */
import type { Catalogue, Part } from './parts.js';

const width = (s: string): number => Array.from(s).length;
const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(0, n - width(s)));

/** What a non-weapon part does, in a few words. */
function effectOf(p: Part): string {
  if (p.armour) return p.armour.kind === 'mark' ? `shields ${p.armour.shields}` : p.armour.kind;
  if (p.engine) return [p.engine.moves.join(' ') || 'no moves', p.engine.hover ? 'hover' : ''].filter(Boolean).join(', ');
  if (p.cpu) return p.cpu;
  if (p.option) return `${p.option.effect}, requires ${p.option.requires}`;
  if (p.weapon) {
    const w = p.weapon;
    const flags = [w.kind !== 'pattern' ? w.kind : '', w.push ? 'push' : '', w.bonkDamage ? `bonk ${w.bonkDamage}` : ''];
    return flags.filter(Boolean).join(', ');
  }
  return '';
}

/** A weapon's diagrams side by side under their labels, machines on one line. */
export function drawDiagrams(diagrams: Readonly<Record<string, readonly string[]>>): string[] {
  const blocks = Object.entries(diagrams).map(([label, rows]) => {
    const machine = Math.max(0, rows.findIndex((r) => r.includes('▲') || r.includes('●')));
    return { label, rows, machine, width: Math.max(width(label), ...rows.map(width)) };
  });
  if (blocks.length === 0) return [];
  const top = Math.max(...blocks.map((b) => b.machine));
  const height = Math.max(...blocks.map((b) => top - b.machine + b.rows.length));
  const lines = [blocks.map((b) => pad(b.label, b.width)).join('   ').trimEnd()];
  for (let i = 0; i < height; i++)
    lines.push(blocks.map((b) => pad(b.rows[i - (top - b.machine)] ?? '', b.width)).join('   ').trimEnd());
  return lines;
}

/** The catalogue as a table, weapons followed by their diagrams. */
export function partsTable(parts: readonly Part[]): string {
  const head = ['key', 'name', 'category', 'cost', 'tags', 'effect'];
  const rows = parts.map((p) => [
    p.short ? `${p.key} (${p.short})` : p.key,
    p.name,
    p.category === 'option' ? `option (${p.budget})` : p.category,
    String(p.cost),
    [...p.tags, ...(p.experimental ? ['experimental'] : [])].join(' ') || '-',
    effectOf(p),
  ]);
  const widths = head.map((h, i) => Math.max(width(h), ...rows.map((r) => width(r[i]))));
  const line = (cells: string[]): string => cells.map((c, i) => pad(c, widths[i])).join('  ').trimEnd();
  const out = [line(head), line(widths.map((w) => '-'.repeat(w)))];
  parts.forEach((p, i) => {
    out.push(line(rows[i]));
    for (const d of drawDiagrams(p.diagrams)) out.push(`      ${d}`);
    if (Object.keys(p.diagrams).length) out.push('');
  });
  return out.join('\n');
}

/** `havoc parts` for a catalogue: the table and its closing line, or the parts as JSON. */
export function showCatalogue(cat: Catalogue, experimental: boolean): { text: string; json: unknown } {
  const parts = cat.parts.filter((p) => experimental || !p.experimental);
  const budgets = Object.entries(cat.budgets).map(([b, n]) => `${b} ${n}`).join(', ');
  return { text: `${partsTable(parts)}\n\n${parts.length} parts from ${cat.source} (sha256 ${cat.hash.slice(0, 12)}); budgets: ${budgets}`, json: parts };
}
