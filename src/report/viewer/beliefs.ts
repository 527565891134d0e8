/**
 * The bots' beliefs a replay kept (replayFormat.ts `beliefs`) put into its
 * board's per-seat layer (core/game.ts SeatViews), for the viewer's heat map:
 * a record's beliefs go to the frame that record makes (frame k, record k-1).
 */
import type { Replay } from '../../store/replayFormat.js';
import type { SeatViews } from '../../core/game.js';

/** `views` with each seat's beliefs in its frames; as they are when the replay kept none, or its frames are not one a record. */
export function seatViewsWithBeliefs(views: SeatViews, r: Replay, frames: number): SeatViews {
  if (!r.beliefs || frames !== r.steps.length + 1) return views;
  const seats = views.seats.map((layer) => ({ ...layer, frames: [...layer.frames] }));
  r.beliefs.forEach((byName, i) => {
    for (const [name, heat] of Object.entries(byName ?? {})) {
      const layer = seats[r.header.seats.indexOf(name)];
      const f = layer?.frames[i + 1];
      if (f) layer.frames[i + 1] = { ...f, b: heat };
    }
  });
  return { ...views, seats };
}
