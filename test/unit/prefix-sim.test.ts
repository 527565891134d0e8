/**
 * The prefix-sharing simulator (bots/lib/prefixSim.ts): a pair of candidates
 * played from a kept prefix ends in the same state, byte for byte, as the
 * whole turn played from the start, whatever pairs came before, with the
 * start's dice rewritten between plays as the skilled search does.
 */
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../src/core/rng.js';
import { BOARD_8X8 } from '../../src/core/grid.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { sampleLoadouts } from '../../src/rules/nhm/designSpace.js';
import { CMD_TEL } from '../../src/rules/nhm/commands.js';
import { Game } from '../../src/rules/nhm/game.js';
import { defaultStarts } from '../../src/rules/nhm/starts.js';
import { State } from '../../src/rules/nhm/state.js';
import { CandidateGen } from '../../bots/lib/candidates.js';
import { PrefixSimulator } from '../../bots/lib/prefixSim.js';
import { ProgramList } from '../../bots/lib/programList.js';
import { reachOf } from '../../bots/lib/reach.js';
import { Simulator } from '../../bots/lib/sim.js';

const cat = defaultCatalogue();
const starts = defaultStarts(BOARD_8X8, 2);

const snapshot = (st: State): string => `${st.turn}/${st.end}/${st.winner}/${st.minesUnarmed}/${Buffer.from(st.bytes).toString('hex')}`;

describe('PrefixSimulator', () => {
  // Few candidates too: every prefix then kept and played again with other dice, many times over.
  it.each([48, 6])('gives every pair of %i candidates the whole turn\'s outcome, on sampled designs, dice rewritten between plays', (count) => {
    const rng = makeRng(`prefix-sim/${count}`);
    let plays = 0, steps = 0, rolled = 0, kept = 0;
    for (let g = 0, tried = 0; g < 16; tried++) {
      const designs = sampleLoadouts(cat, 2, `prefix-sim/${tried}`);
      const game = new Game({ catalogue: cat, machines: designs.map((loadout, i) => ({ name: 'AB'[i], loadout, ...starts[i] })) });
      // Designs with a teleporter: its dice are what a kept prefix must get right.
      if (!game.isLegal(0, CMD_TEL) && !game.isLegal(1, CMD_TEL)) continue;
      g++;
      const reach = reachOf(game), gens = [0, 1].map((s) => new CandidateGen(game, s, reach));
      const lists = [new ProgramList(count), new ProgramList(count)];
      const whole = new Simulator(game), pre = new PrefixSimulator(game);
      const st = new State(game, `prefix-sim/${g}`);
      for (let turn = 0; turn < 12 && st.end === 0; turn++) {
        for (const s of [0, 1]) gens[s].generate(st, count, lists[s]);
        pre.reset(st);
        pre.setCandidates(lists[0].codes, lists[0].count, lists[1].codes, lists[1].count);
        for (let p = 0; p < 250; p++) {
          if (rng.next() < 0.2) {
            for (let k = 0; k < 4; k++) pre.start.dice[k] = (rng.next() * 4294967296) >>> 0;
            pre.diceChanged();
          }
          const i = Math.floor(rng.next() * lists[0].count), j = Math.floor(rng.next() * lists[1].count);
          whole.reset(pre.start);
          whole.setProgram(0, lists[0].codes, i * 5);
          whole.setProgram(1, lists[1].codes, j * 5);
          const want = snapshot(whole.play()), got = snapshot(pre.playPair(i, j));
          if (got !== want) throw new Error(`design ${tried}, turn ${turn}, pair ${i},${j}: ${got} != ${want}`);
          if (whole.state.dice[0] !== pre.start.dice[0]) rolled++;
          plays++;
        }
        kept = Math.max(kept, pre.kept);
        steps += pre.steps;
        pre.steps = 0;
        // On to the next position: a random pair's outcome.
        st.bytes.set(whole.state.bytes);
        [st.turn, st.end, st.winner, st.minesUnarmed] = [whole.state.turn, whole.state.end, whole.state.winner, whole.state.minesUnarmed];
      }
    }
    expect(plays).toBeGreaterThan(15_000);
    expect(kept).toBeGreaterThan(count === 6 ? 20 : 100); // the pool grew within a position
    expect(rolled).toBeGreaterThan(500); // teleports among them
    expect(steps).toBeLessThan(0.8 * 5 * plays); // prefixes were shared
  });
});
