/**
 * A starter bot for Havoc Arena in JavaScript: a module whose default export
 * makes the bot (docs/bots.md), one method per kind of decision. Run it by
 * path: `havoc check-bot bots/starters/javascript/bot.json` plays it against
 * random on every ruleset and reports its faults. Each ruleset gets a plain
 * plan (docs/contest.md says what each one does):
 *
 *   rbp, nhm       planRbpNhm: face the nearest enemy, close in, fire
 *   hovercrafts    planHovercrafts: keep enemies in the front arc, never fly off
 *   blind-ninjas   ordersBlindNinjas: sweep the room, slashing ahead and at noises
 *   battle-engine  deployBattle / actBattle: soldiers forward, strike first
 *
 * Without a `dodge` or `autoTarget` method those questions get the
 * rulebook's default. Self-contained on purpose: copy this folder anywhere
 * and change a plan.
 */

/** 'd4' -> [3, 3]: file and rank from 0. */
const squareOf = (name) => [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];

// ---------------------------------------------------------------------------
// Robo Battle Pigs and Ninja Havoc Machines: `program`, five commands a turn.

const FACINGS = 'NESW';
/** Forward as (file, rank) steps per facing: ranks grow to the north. */
const AHEAD = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
/** Commands that are not weapons: moves, turns, repair, the run-time ones. */
const NOT_WEAPONS = new Set(['X', 'R', 'TL', 'TR', '@', '^', 'v', '<', '>', '\\', '/', 'F\\', 'F/', 'B/', 'B\\', 'A', 'TEL', 'D']);

/** Five commands: turn to face the nearest enemy, step towards it, fire when it stands ahead. */
export function planRbpNhm(obs) {
  const me = obs.machines[obs.seat];
  const enemies = obs.machines.filter((m) => m.seat !== obs.seat && m.alive && m.square !== null);
  const weapons = obs.commands.filter((w) => !NOT_WEAPONS.has(w));
  const fire = weapons[0] ?? (obs.commands.includes('A') ? 'A' : 'X');
  const program = new Array(obs.requiredX).fill('X');
  if (enemies.length === 0 || me.square === null) return [...program, ...new Array(5 - program.length).fill(fire)].join(' ');
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
  return program.join(' ');
}

// ---------------------------------------------------------------------------
// Hovercrafts: `program`, one program a ship of ours (as many actions as the
// ship has this turn), "/" between ships. Pointy-top hexes named from the top
// row (a1 top left); odd rows (2, 4, …) sit half a hex to the right. Ships
// shoot, at the end of every phase, every enemy in their three front hexes,
// unless they landed (Landing, EMP, Repair): so we never land.

const HEX_FACINGS = ['E', 'NE', 'NW', 'W', 'SW', 'SE']; // Left adds 1, Right subtracts 1
/** The six directions as axial [q, r] steps, in facing order. */
const HEX_DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];

/** 'c2' -> axial [q, r] of column c, row 2 from the top. */
function hexAxial(name) {
  const col = name.charCodeAt(0) - 97, row = Number(name.slice(1)) - 1;
  return [col - (row - (row & 1)) / 2, row];
}
const hexDistance = (a, b) => (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[0] - b[0] + a[1] - b[1])) / 2;
const sameHex = (a, b) => a[0] === b[0] && a[1] === b[1];
const hexStep = (pos, facing) => [pos[0] + HEX_DIRS[facing % 6][0], pos[1] + HEX_DIRS[facing % 6][1]];
/** The hexes a ship at `pos` facing `facing` (an index) sees and shoots at. */
const frontHexes = (pos, facing) => [hexStep(pos, facing), hexStep(pos, facing + 1), hexStep(pos, facing + 5)];

export function planHovercrafts(obs) {
  const { width, height, walls } = obs.map;
  /** A hex we may move into: on the map and not a wall (moving off the map loses the ship). */
  const free = ([q, r]) => {
    const col = q + (r - (r & 1)) / 2;
    return r >= 0 && r < height && col >= 0 && col < width && walls[r][col] !== '#';
  };
  const living = obs.ships.filter((s) => s.at !== null);
  const enemies = living.filter((s) => s.team !== obs.team).map((s) => ({ pos: hexAxial(s.at), facing: HEX_FACINGS.indexOf(s.facing) }));
  let allies = living.filter((s) => s.team === obs.team).map((s) => hexAxial(s.at));
  /** Enemies in our sights, less enemies that have us in theirs, less the way to the nearest. */
  const score = (pos, facing) => {
    const sights = frontHexes(pos, facing);
    const seen = enemies.filter((e) => sights.some((h) => sameHex(h, e.pos))).length;
    const exposed = enemies.filter((e) => frontHexes(e.pos, e.facing).some((h) => sameHex(h, pos))).length;
    const far = Math.min(...enemies.map((e) => hexDistance(sights[0], e.pos)));
    return 10 * seen - 4 * exposed - far;
  };
  return obs.mine
    .map((i) => {
      const ship = obs.ships[i];
      if (ship.at === null || ship.actions === 0) return '-';
      let pos = hexAxial(ship.at), facing = HEX_FACINGS.indexOf(ship.facing);
      allies = allies.filter((a) => !sameHex(a, pos));
      const words = [];
      for (let k = 0; k < ship.actions; k++) {
        if (enemies.length === 0) {
          words.push('Left'); // nothing to hunt: hover safely in place
          continue;
        }
        // One phase at a time, pretending the enemies stay put: the best of Move, Left, Right.
        const options = [['Left', pos, (facing + 1) % 6], ['Right', pos, (facing + 5) % 6]];
        const ahead = hexStep(pos, facing);
        if (free(ahead) && !allies.some((a) => sameHex(a, ahead))) options.push(['Move', ahead, facing]); // into an enemy's hex: a ram
        let best = options[0], bestScore = -Infinity;
        for (const o of options) {
          const s = score(o[1], o[2]);
          if (s > bestScore) (best = o), (bestScore = s);
        }
        words.push(best[0]);
        [, pos, facing] = best;
      }
      allies.push(pos);
      return words.join(' ');
    })
    .join(' / ');
}

// ---------------------------------------------------------------------------
// What Blind Ninjas?: `orders`, one order a living ninja: 1M (move ahead),
// 1TN/1TE/1TS/1TW (turn), 1S (stand), 1X (slash the square ahead). Enemies
// are never seen; every slash is heard (its square and its player). Slashes
// are carried out after the other orders and kill whoever stands there, our
// own ninjas too.

const NINJA_STEP = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
const OPPOSITE = { N: 'S', S: 'N', E: 'W', W: 'E' };

export function ordersBlindNinjas(obs) {
  const { width, height } = obs.room;
  const key = ([x, y]) => `${x},${y}`;
  const ahead = ([x, y], facing) => {
    const t = [x + NINJA_STEP[facing][0], y + NINJA_STEP[facing][1]];
    return t[0] >= 0 && t[0] < width && t[1] >= 0 && t[1] < height ? t : null;
  };
  // Where enemies were heard slashing last round: the slasher stood next to that square.
  const noisy = new Set();
  for (const h of obs.heard)
    if (h.by !== obs.seat && h.round >= obs.round - 1) {
      const [x, y] = squareOf(h.square);
      for (const [dx, dy] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]) noisy.add(key([x + dx, y + dy]));
    }
  const ninjas = [];
  obs.ninjas.forEach((n, k) => n && ninjas.push({ k, at: squareOf(n.square), facing: n.facing }));
  const occupied = () => new Set(ninjas.map((n) => key(n.at)));
  // Sweep: slash on odd rounds (and whenever the square ahead is noisy), step on even ones.
  const slashing = obs.round % 2 === 1;
  const slashes = new Map();
  for (const n of ninjas) {
    const t = ahead(n.at, n.facing);
    if (t && !occupied().has(key(t)) && (slashing || noisy.has(key(t)))) slashes.set(n.k, key(t));
  }
  const targets = new Set(slashes.values());
  const orders = [];
  for (const n of ninjas) {
    if (slashes.has(n.k)) continue;
    const t = ahead(n.at, n.facing);
    if (t === null) orders.push(`${n.k + 1}T${OPPOSITE[n.facing]}`); // at the wall: turn round
    else if (!occupied().has(key(t)) && !targets.has(key(t))) {
      orders.push(`${n.k + 1}M`);
      n.at = t;
    } else orders.push(`${n.k + 1}S`);
  }
  // Slashes last (the rules carry them out last anyway), never at a square of ours.
  for (const [k, t] of slashes) orders.push(occupied().has(t) ? `${k + 1}S` : `${k + 1}X`);
  return orders.join(' ');
}

// ---------------------------------------------------------------------------
// Battle Engine: `deploy` once (every piece on a square of our side,
// "gen@d1 pvt@a1 …"), then `act`, one step at a time of one piece a turn:
// "m d2 d3" move (only nearer the nearest enemy), "h d3 d4" hit a neighbour,
// "s a3 a7" shoot along a clear line, "p d2 d1" panic move, "e a1" escape,
// "end" the turn, "pass" when nothing is legal. Losing the last officer
// surrenders the army, so officers deploy at the back and fight last.

const OFFICERS = new Set(['gen', 'col', 'col-a', 'ltc', 'ltc-a', 'maj', 'maj-a', 'cpt', 'ltn']); // pay N5 and up
const STEPS = [[0, 1], [1, 0], [0, -1], [-1, 0]];
const squareName = (x, y) => String.fromCharCode(97 + x) + (y + 1);

/** Soldiers in front, archers behind them, officers at the back. */
export function deployBattle(obs) {
  const { width, height, rowsPerSide } = obs.board;
  // Our rows, nearest no man's land first (A: the lowest rows; B: the rows above the middle).
  const rows = [];
  if (obs.seat === 0) for (let y = rowsPerSide - 1; y >= 0; y--) rows.push(y);
  else for (let y = rowsPerSide + 1; y < height; y++) rows.push(y);
  const squares = rows.flatMap((y) => Array.from({ length: width }, (_, x) => squareName(x, y)));
  const rank = (p) => (OFFICERS.has(p.piece) ? 2 : p.arrows > 0 ? 1 : 0);
  const pieces = [...obs.own].sort((a, b) => rank(a) - rank(b));
  return pieces.map((p, k) => `${p.piece}@${squares[k]}`).join(' ');
}

export function actBattle(obs) {
  const { width, height } = obs.board;
  const key = ([x, y]) => `${x},${y}`;
  const ours = obs.own.filter((p) => p.status === 'on' && p.square !== null);
  const enemy = new Map(obs.enemy.map((e) => [key(squareOf(e.square)), e]));
  const taken = new Set([...enemy.keys(), ...ours.map((p) => key(squareOf(p.square)))]);
  const onBoard = ([x, y]) => x >= 0 && x < width && y >= 0 && y < height;
  const nearest = ([x, y]) => Math.min(99, ...obs.enemy.map((e) => {
    const [ex, ey] = squareOf(e.square);
    return Math.abs(x - ex) + Math.abs(y - ey);
  }));
  /** Each hit and shot piece p may make, scored: officers and wounded enemies first. */
  const attacks = (p) => {
    const [x, y] = squareOf(p.square);
    const out = [];
    for (const [dx, dy] of STEPS) {
      if (enemy.has(key([x + dx, y + dy]))) out.push(['h', [x + dx, y + dy]]);
      if (p.arrows > 0) {
        let t = [x + dx, y + dy];
        while (onBoard(t) && !taken.has(key(t))) t = [t[0] + dx, t[1] + dy];
        if (enemy.has(key(t)) && Math.abs(t[0] - x) + Math.abs(t[1] - y) > 1) out.push(['s', t]);
      }
    }
    return out.map(([k, t]) => {
      const e = enemy.get(key(t));
      return { score: 10 * Number(e.officer) + e.damage, step: `${k} ${p.square} ${squareName(...t)}` };
    });
  };
  const best = (options) => options.reduce((a, b) => (b.score > a.score ? b : a), options[0]);

  // In the middle of our turn (a piece has acted): strike if it can, else end the turn.
  if (obs.acting !== null) {
    const p = ours.find((q) => q.square === obs.acting);
    const options = p.panicked ? [] : attacks(p);
    return options.length ? best(options).step : 'end';
  }
  // A turn's first step: the best attack of any piece …
  const fighters = ours.filter((p) => !p.panicked);
  const hits = fighters.flatMap(attacks);
  if (hits.length) return best(hits).step;
  // … else a move nearer the enemy: soldiers before officers, a square next to an enemy first.
  const moves = [];
  for (const p of fighters) {
    const at = squareOf(p.square);
    for (const [dx, dy] of STEPS) {
      const t = [at[0] + dx, at[1] + dy];
      if (onBoard(t) && !taken.has(key(t)) && nearest(t) < nearest(at))
        moves.push({ score: -5 * Number(OFFICERS.has(p.piece)) - nearest(t), step: `m ${p.square} ${squareName(...t)}` });
    }
  }
  if (moves.length) return best(moves).step;
  // Nothing else: a panic move (toward our back line, or sideways away from the enemy), or an escape.
  const back = obs.seat === 0 ? -1 : 1;
  const order = (p) => (p.panicked ? 0 : 2) + (OFFICERS.has(p.piece) ? 1 : 0);
  for (const p of [...ours].sort((a, b) => order(a) - order(b))) {
    const at = squareOf(p.square);
    for (const [dx, dy] of [[0, back], [1, 0], [-1, 0]]) {
      const t = [at[0] + dx, at[1] + dy];
      if (onBoard(t) && !taken.has(key(t)) && (dy === back || nearest(t) > nearest(at))) return `p ${p.square} ${squareName(...t)}`;
    }
    if (at[1] === (obs.seat === 0 ? 0 : height - 1)) return `e ${p.square}`;
  }
  return 'pass';
}

// ---------------------------------------------------------------------------
// The bot: one method per kind of decision. Robo Battle Pigs, NHM and
// Hovercrafts all name theirs `program`; a Hovercrafts observation has `ships`.

export default function starter() {
  return {
    program: (obs) => ('ships' in obs ? planHovercrafts(obs) : planRbpNhm(obs)),
    orders: ordersBlindNinjas,
    deploy: deployBattle,
    act: actBattle,
  };
}
