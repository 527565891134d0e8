/**
 * Observations for the logistic fits, read into compressed sparse rows.
 *
 * Rows are given dense or sparse. Match data is sparse (a loadout difference
 * touches ~10 of ~40 parts), so only non-zeros are stored, and rows with the
 * same features are merged (summed weight, weighted-mean y). Merging is exact
 * for the logistic likelihood, which is linear in y given x and w, and turns
 * 100k matches between a few hundred designs into a few thousand rows.
 */

/** Sparse features: `val[k]` is the value of feature `idx[k]`. Absent features are 0. */
export interface SparseRow {
  readonly idx: ArrayLike<number>;
  readonly val: ArrayLike<number>;
}

/** One observation. */
export interface LogisticRow {
  /** Dense features (length `nFeatures`) or sparse ones. */
  readonly x: ArrayLike<number> | SparseRow;
  /** Outcome in [0, 1]: 1 win, 0 loss, 0.5 draw (or a mean of several games). */
  readonly y: number;
  /** Weight (a count of identical games, say); default 1. Zero-weight rows are dropped. */
  readonly w?: number;
}

/** Rows in compressed sparse row form: row r's entries are `ptr[r]` to `ptr[r + 1]` − 1. */
export interface Csr {
  ptr: number[];
  idx: number[];
  val: number[];
  y: number[];
  w: number[];
}

/**
 * Reads and checks rows, appends an intercept column (index `nFeatures`) if
 * asked, and merges rows with identical features when `aggregate` is set.
 * Each row's indices come out sorted and distinct.
 */
export function compileRows(rows: Iterable<LogisticRow>, nFeatures: number, intercept: boolean, aggregate: boolean): Csr & { nRows: number } {
  const out: Csr = { ptr: [0], idx: [], val: [], y: [], w: [] };
  const seen = new Map<string, number>();
  let nRows = 0;
  const ri: number[] = [];
  const rv: number[] = [];
  for (const row of rows) {
    const w = row.w ?? 1;
    if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`logistic: weight must be finite and >= 0, got ${w}`);
    if (!(row.y >= 0 && row.y <= 1)) throw new RangeError(`logistic: y must be in [0, 1], got ${row.y}`);
    if (w === 0) continue;
    nRows++;
    ri.length = 0;
    rv.length = 0;
    const x = row.x;
    if ('idx' in x) {
      // Sort by index and sum duplicates so that equal rows produce equal keys (most rows
      // arrive sorted, and skipping the sort halves the cost of reading 100k rows).
      let sorted = true;
      for (let t = 1; t < x.idx.length && sorted; t++) sorted = x.idx[t - 1]! < x.idx[t]!;
      const order = sorted ? null : [...Array(x.idx.length).keys()].sort((a, b) => x.idx[a]! - x.idx[b]!);
      for (let t = 0; t < x.idx.length; t++) {
        const k = order ? order[t]! : t;
        const j = x.idx[k]!;
        const v = x.val[k]!;
        if (!Number.isInteger(j) || j < 0 || j >= nFeatures) throw new RangeError(`logistic: feature index ${j} out of range`);
        if (ri.length > 0 && ri[ri.length - 1] === j) rv[rv.length - 1]! += v;
        else if (v !== 0) {
          ri.push(j);
          rv.push(v);
        }
      }
    } else {
      if (x.length !== nFeatures) throw new RangeError(`logistic: dense row has ${x.length} features, expected ${nFeatures}`);
      for (let j = 0; j < nFeatures; j++) {
        if (x[j] === 0) continue;
        ri.push(j);
        rv.push(x[j]!);
      }
    }
    for (const v of rv) if (!Number.isFinite(v)) throw new RangeError('logistic: non-finite feature value');
    if (intercept) {
      ri.push(nFeatures);
      rv.push(1);
    }
    if (aggregate) {
      const key = ri.join(',') + '|' + rv.join(',');
      const at = seen.get(key);
      if (at !== undefined) {
        const wt = out.w[at]! + w;
        out.y[at] = (out.y[at]! * out.w[at]! + row.y * w) / wt;
        out.w[at] = wt;
        continue;
      }
      seen.set(key, out.y.length);
    }
    out.idx.push(...ri);
    out.val.push(...rv);
    out.ptr.push(out.idx.length);
    out.y.push(row.y);
    out.w.push(w);
  }
  return { ...out, nRows };
}

