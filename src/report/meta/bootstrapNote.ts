/**
 * The report's "How sure this is" note for a metagame (meta.json's
 * `bootstrap`, meta.csv's `support_frequency`): in plain words, how often the
 * equilibrium came back when its games were resampled, which builds the
 * resamples play, and what the parts' flags now require.
 */
import { isObject } from '../../core/json.js';
import { num, type CsvTable } from '../htmlCsv.js';
import { esc } from '../htmlKit.js';

const pct = (x: number): string => `${Math.round(x * 100)}%`;
/** A frequency in words: to a tenth below 10%, and a near-certain one not rounded up to 100% (as the charts write it). */
const often = (x: number): string => (x < 0.1 ? `${Number((x * 100).toFixed(1))}%` : x < 1 && x > 0.99 ? 'over 99%' : pct(x));

/** The note, or one line saying the metagame was not bootstrapped; '' without meta.json. */
export function bootstrapNote(summary: Record<string, unknown> | null, builds: CsvTable | null): string {
  if (!summary) return '';
  const b = isObject(summary.bootstrap) ? summary.bootstrap : null;
  if (!b) return '<p class="note meta-bootstrap"><b>How sure this is.</b> Not measured: this metagame was not bootstrapped (<code>--bootstrap 0</code>), so its support and the parts\' flags rest on this one equilibrium of noisy games.</p>';
  const same = typeof b.sameSupport === 'number' ? b.sameSupport : null;
  const size = isObject(b.supportSize) ? b.supportSize : null;
  const below = typeof b.settledBelow === 'number' ? b.settledBelow : 0.05;
  // The build most often in a resample's equilibrium; the chart below gives the others.
  const first = (builds?.rows ?? []).map((r) => ({ name: r.loadout, f: num(r.support_frequency) ?? 0 })).reduce<{ name: string; f: number } | null>((a, r) => (!a || r.f > a.f ? r : a), null);
  const verdict =
    same === null ? '' : same >= 0.9 ? ' The support is firm.' : same >= 0.5 ? ' The support mostly holds, but not always.' : ' So the support is a sketch: more games a pair (<code>--games</code>) would firm it up.';
  return (
    `<p class="note meta-bootstrap"><b>How sure this is.</b> The games were resampled ${esc(b.resamples)} times (each pair's seat-swapped games drawn again, as many as it played) and the equilibrium solved again each time. ` +
    (same !== null ? `This equilibrium's builds came back, exactly, in <b>${often(same)}</b> of the resamples` : '') +
    (size ? `; a resample's equilibrium mixed ${esc(size.median)} build${size.median === 1 ? '' : 's'} (95% of them: ${esc(size.lo)} to ${esc(size.hi)})` : '') +
    `.${verdict}` +
    (first && first.f > 0 ? ` The build most often in it is in ${often(first.f)} of them; the chart's right-hand figures and the table's <code>support_frequency</code> column give every build's.` : '') +
    ` A part is flagged <b>never</b> played only when fewer than ${pct(below)} of the resampled equilibria play a build holding it, and <b>in every</b> build only when fewer than ${pct(below)} of them play a build without it; each part's share has the 95% range of its resampled shares beside it.</p>`
  );
}
