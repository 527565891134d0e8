/**
 * A starter bot for Havoc Arena in JavaScript: a module whose default export
 * makes the bot (docs/bots.md). Run it by path:
 * `havoc check-bot bots/starters/javascript/bot.json`. It plays Robo Battle
 * Pigs and Ninja Havoc Machines: turn to face the nearest enemy, step towards
 * it, fire its first weapon when the enemy stands ahead. Without a `dodge` or
 * `autoTarget` method those questions get the rulebook's default.
 * Self-contained on purpose: copy this folder anywhere and change `plan`.
 */

const FACINGS = 'NESW';
/** Forward as (file, rank) steps per facing: ranks grow to the north. */
const AHEAD = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
/** Commands that are not weapons: moves, turns, repair, the run-time ones. */
const NOT_WEAPONS = new Set(['X', 'R', 'TL', 'TR', '@', '^', 'v', '<', '>', '\\', '/', 'F\\', 'F/', 'B/', 'B\\', 'A', 'TEL', 'D']);

/** 'd4' -> [3, 3]. */
const squareOf = (name) => [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];

/** Five commands for this turn, from the observation (docs/bots.md lists its fields). */
export function plan(obs) {
  const me = obs.machines[obs.seat];
  const enemies = obs.machines.filter((m) => m.seat !== obs.seat && m.alive && m.square !== null);
  const weapons = obs.commands.filter((w) => !NOT_WEAPONS.has(w));
  const fire = weapons[0] ?? (obs.commands.includes('A') ? 'A' : 'X');
  const program = new Array(obs.requiredX).fill('X');
  if (enemies.length === 0 || me.square === null) return [...program, ...new Array(5 - program.length).fill(fire)];
  let [fx, fy] = squareOf(me.square);
  const distance = (m) => {
    const [x, y] = squareOf(m.square);
    return Math.abs(x - fx) + Math.abs(y - fy);
  };
  const [tx, ty] = squareOf(enemies.reduce((a, b) => (distance(b) < distance(a) ? b : a)).square);
  let facing = me.facing;
  while (program.length < 5) {
    const [ax, ay] = AHEAD[facing];
    const dx = tx - fx, dy = ty - fy;
    const ahead = dx * ax + dy * ay; // squares ahead of us
    const side = dx * ay - dy * ax; // squares to our right
    if (ahead > 0 && side === 0) {
      // In line: fire, or close in when it is far (a step, then fire again).
      const step = ahead > 3 && program.length % 2 === 0;
      program.push(step ? '^' : fire);
      if (step) (fx += ax), (fy += ay);
    } else if (ahead > Math.abs(side)) {
      program.push('^');
      (fx += ax), (fy += ay);
    } else {
      // Turn towards it: right when it is on our right (or straight behind), left otherwise.
      const turn = side > 0 || (side === 0 && ahead < 0) ? 'TR' : 'TL';
      program.push(turn);
      facing = FACINGS[(FACINGS.indexOf(facing) + (turn === 'TR' ? 1 : 3)) % 4];
    }
  }
  return program;
}

export default function starter() {
  return { program: (obs) => plan(obs).join(' ') };
}
