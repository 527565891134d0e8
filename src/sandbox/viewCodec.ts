/**
 * A seat's view state across the bot boundary. States are records of typed
 * arrays and numbers (docs/architecture.md, "States"): those cross as JSON
 * (`{"hearts": [5, 4], "turn": 3, …}`), and the bot's side writes them into a
 * state of its own made with `newState`, so anything else a state holds (its
 * game, caches) is the bot side's own and nothing is shared.
 */
type Typed = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

const isTyped = (v: unknown): v is Typed => ArrayBuffer.isView(v) && !(v instanceof DataView) && !(v instanceof BigInt64Array) && !(v instanceof BigUint64Array);

/** A state's own typed arrays (as arrays) and numbers, by field name. */
export function encodeView(state: unknown): Record<string, number | number[]> {
  const out: Record<string, number | number[]> = {};
  for (const [k, v] of Object.entries(state as Record<string, unknown>)) {
    if (isTyped(v)) out[k] = Array.from(v);
    else if (typeof v === 'number') out[k] = v;
  }
  return out;
}

/** Writes an encoded view into `into` (a state of the same game); fields it does not have, or of another length, are left alone. */
export function decodeView(json: unknown, into: unknown): void {
  if (typeof json !== 'object' || json === null) return;
  const dst = into as Record<string, unknown>;
  for (const [k, v] of Object.entries(json as Record<string, unknown>)) {
    const cur = dst[k];
    if (isTyped(cur) && Array.isArray(v) && v.length === cur.length) cur.set(v as number[]);
    else if (typeof cur === 'number' && typeof v === 'number') dst[k] = v;
  }
}
