/**
 * bots/lib/mcts/sharedRoot.ts: in self-play the second seat's search of a
 * position takes the first's candidate lists and the values of its cells
 * that rolled no dice. Its move, iterations and simulations must be the ones
 * it makes searching alone (another game object, nothing shared), on designs
 * with a teleporter (cells that roll dice) and with mines (views that differ).
 */
import { describe, expect, it } from 'vitest';
import { makeRng } from '../../src/core/rng.js';
import { BOARD_8X8 } from '../../src/core/grid.js';
import { defaultCatalogue } from '../../src/rules/nhm/catalogue.js';
import { sampleLoadouts } from '../../src/rules/nhm/designSpace.js';
import { CMD_TEL } from '../../src/rules/nhm/commands.js';
import { Game } from '../../src/rules/nhm/game.js';
import { copyForSeat } from '../../src/rules/nhm/observe.js';
import { formatProgram } from '../../src/rules/nhm/programs.js';
import { defaultStarts } from '../../src/rules/nhm/starts.js';
import { State } from '../../src/rules/nhm/state.js';
import { playTurn } from '../../src/rules/nhm/step.js';
import { defaultChooser } from '../../src/rules/nhm/choices.js';
import { FlatSearcher } from '../../bots/lib/mcts/flat.js';

const cat = defaultCatalogue();
const starts = defaultStarts(BOARD_8X8, 2);
const budget = { ms: 60_000, sims: 150 };

describe('SharedRoot', () => {
  it("the second seat's search moves as it would alone, its lists and dice-free cells taken from the first's", () => {
    const rng = makeRng('shared-root');
    let positions = 0, listsShared = 0, searchShared = 0, cellsShared = 0, sims = 0, apart = 0, teleporters = 0;
    for (let tried = 0, g = 0; g < 6; tried++) {
      const designs = sampleLoadouts(cat, 2, `shared-root/${tried}`);
      const machines = designs.map((loadout, i) => ({ name: 'AB'[i], loadout, ...starts[i] }));
      const game = new Game({ catalogue: cat, machines }), alone = new Game({ catalogue: cat, machines });
      const tel = game.isLegal(0, CMD_TEL) || game.isLegal(1, CMD_TEL);
      // Half the games with a teleporter (cells that roll dice), the rest as drawn.
      if (g < 3 && !tel) continue;
      g++;
      if (tel) teleporters++;
      const both = [0, 1].map((s) => new FlatSearcher(game, s, makeRng(`shared-root/${g}/${s}`), budget));
      const solo = new FlatSearcher(alone, 1, makeRng(`shared-root/${g}/1`), budget);
      const st = new State(game, `shared-root/${g}`), views = [new State(game), new State(game)], soloView = new State(alone);
      const last: (string | null)[] = [null, null], codes = new Uint16Array(10);
      for (let turn = 0; turn < 10 && st.end === 0; turn++) {
        for (const s of [0, 1]) {
          copyForSeat(st, views[s], s);
          for (let k = 0; k < 4; k++) views[s].dice[k] = (rng.next() * 4294967296) >>> 0; // each seat's view has dice of its own
        }
        const moves = [0, 1].map((s) => both[s].search(views[s], last, 'nhm'));
        soloView.bytes.set(views[1].bytes);
        [soloView.turn, soloView.end, soloView.winner, soloView.minesUnarmed] = [st.turn, st.end, st.winner, views[1].minesUnarmed];
        const want = solo.search(soloView, last, 'nhm');
        expect({ move: moves[1], it: both[1].iterationsDone, sims: both[1].simsDone }).toEqual({ move: want, it: solo.iterationsDone, sims: solo.simsDone });
        expect(solo.listsShared).toBe(false);
        positions++;
        if (both[1].searchShared) searchShared++;
        else if (both[1].listsShared) listsShared++, (cellsShared += both[1].cellsShared), (sims += both[1].simsDone);
        else apart++;
        // On: each seat plays its move's likeliest program.
        for (const s of [0, 1]) {
          const m = moves[s], best = m.p.indexOf(Math.max(...m.p));
          codes.set(m.programs[best], 5 * s);
        }
        for (const s of [0, 1]) last[s] = formatProgram(game, codes, 'nhm', 5 * s);
        playTurn(st, codes, defaultChooser);
      }
    }
    expect(teleporters).toBeGreaterThanOrEqual(3);
    expect(positions).toBeGreaterThan(30);
    // Shared unless hidden mines tell the views apart: the whole search when the first rolled no dice, else the lists
    // and a share of the cells (the rest rolled the dice, or the first search never played them). When written: the
    // whole search at 7 of 45 positions (these designs mostly teleporters), the lists at 23 with 624 of their 3,427
    // simulations cells taken, 15 apart.
    expect(searchShared).toBeGreaterThan(5);
    expect(listsShared).toBeGreaterThan(5);
    expect(apart).toBeGreaterThan(0);
    expect(cellsShared).toBeGreaterThan(sims / 8);
  });
});
