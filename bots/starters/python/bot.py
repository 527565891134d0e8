#!/usr/bin/env python3
"""A starter bot for Havoc Arena, in Python with the standard library only.

It speaks the bot protocol, havoc-bot/1 (docs/protocol.md): one JSON message a
line on stdin, one answer a line on stdout, flushed. It plays every registered
ruleset, each with a plain plan (docs/contest.md says what each one does):

  rbp, nhm       program_rbp_nhm: face the nearest enemy, close in, fire
  hovercrafts    program_hovercrafts: keep enemies in the front arc, never fly off
  blind-ninjas   orders_blind_ninjas: sweep the room, slashing ahead and at noises
  battle-engine  deploy_battle / act_battle: soldiers forward, strike first

Every other decision (the Dodge and Auto-Target questions) gets null: the
rulebook's default. Start here: `havoc check-bot bots/starters/python/bot.json`
plays it against random on each ruleset and reports its faults;
`havoc notation --ruleset ID` lists every word of a ruleset's actions.
"""
import json
import sys

# ---------------------------------------------------------------------------
# Robo Battle Pigs and Ninja Havoc Machines: "program", five commands a turn.

FACINGS = "NESW"
# Forward, as (file, rank) steps, for each facing: ranks grow to the north.
AHEAD = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
# Commands that are not weapons: moves, turns, repair, the run-time ones.
NOT_WEAPONS = {"X", "R", "TL", "TR", "@", "^", "v", "<", ">", "\\", "/", "F\\", "F/", "B/", "B\\", "A", "TEL", "D"}


def square(name):
    """'d4' -> (3, 3): file and rank from 0."""
    return ord(name[0]) - 97, int(name[1:]) - 1


def program_rbp_nhm(obs):
    """Five commands: turn to face the nearest enemy, step towards it, fire when it stands ahead."""
    me = obs["machines"][obs["seat"]]
    enemies = [m for m in obs["machines"] if m["seat"] != obs["seat"] and m["alive"] and m["square"]]
    x_needed = obs["requiredX"]
    words = obs["commands"]
    weapons = [w for w in words if w not in NOT_WEAPONS]
    fire = weapons[0] if weapons else ("A" if "A" in words else "X")
    program = ["X"] * x_needed
    if not enemies or not me["square"]:
        return " ".join(program + [fire] * (5 - x_needed))
    fx, fy = square(me["square"])
    target = min(enemies, key=lambda m: abs(square(m["square"])[0] - fx) + abs(square(m["square"])[1] - fy))
    tx, ty = square(target["square"])
    facing = me["facing"]
    while len(program) < 5:
        dx, dy = tx - fx, ty - fy
        ax, ay = AHEAD[facing]
        ahead = dx * ax + dy * ay  # squares ahead of us
        side = dx * ay - dy * ax   # squares to our right
        if ahead > 0 and side == 0:
            # In line: fire, or close in when the weapon needs it (a step, then fire again).
            program.append(fire if ahead <= 3 or len(program) % 2 else "^")
            if program[-1] == "^":
                fx, fy = fx + ax, fy + ay
        elif ahead > abs(side):
            program.append("^")
            fx, fy = fx + ax, fy + ay
        else:
            # Turn towards it: right when it is on our right (or behind), left otherwise.
            turn = "TR" if side > 0 or (side == 0 and ahead < 0) else "TL"
            program.append(turn)
            facing = FACINGS[(FACINGS.index(facing) + (1 if turn == "TR" else 3)) % 4]
    return " ".join(program)


# ---------------------------------------------------------------------------
# Hovercrafts: "program", one program a ship of ours (as many actions as the
# ship has this turn), "/" between ships. Pointy-top hexes named from the top
# row (a1 top left); odd rows (2, 4, ...) sit half a hex to the right.
# Ships shoot, at the end of every phase, every enemy in their three front
# hexes, unless they landed (Landing, EMP, Repair): so we never land.

HEX_FACINGS = ["E", "NE", "NW", "W", "SW", "SE"]  # Left adds 1, Right subtracts 1
# The six directions as axial (q, r) steps, in facing order.
HEX_DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def hex_axial(name):
    """'c2' -> axial (q, r) of column c, row 2 from the top."""
    col, row = ord(name[0]) - 97, int(name[1:]) - 1
    return col - (row - (row & 1)) // 2, row


def hex_distance(a, b):
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def front_hexes(pos, facing):
    """The hexes a ship at `pos` facing `facing` (an index) sees and shoots at."""
    return [(pos[0] + HEX_DIRS[f % 6][0], pos[1] + HEX_DIRS[f % 6][1]) for f in (facing, facing + 1, facing + 5)]


def program_hovercrafts(obs):
    width, height, walls = obs["map"]["width"], obs["map"]["height"], obs["map"]["walls"]

    def free(pos):
        """A hex we may move into: on the map and not a wall (moving off the map loses the ship)."""
        q, r = pos
        col = q + (r - (r & 1)) // 2
        return 0 <= r < height and 0 <= col < width and walls[r][col] != "#"

    ships = obs["ships"]
    enemies = [(hex_axial(s["at"]), HEX_FACINGS.index(s["facing"])) for s in ships if s["at"] and s["team"] != obs["team"]]
    allies = {hex_axial(s["at"]) for s in ships if s["at"] and s["team"] == obs["team"]}

    def score(pos, facing):
        """Enemies in our sights, less enemies that have us in theirs, less the way to the nearest."""
        seen = sum(1 for e, _ in enemies if e in front_hexes(pos, facing))
        exposed = sum(1 for e, f in enemies if pos in front_hexes(e, f))
        far = min(hex_distance(front_hexes(pos, facing)[0], e) for e, _ in enemies)
        return 10 * seen - 4 * exposed - far

    programs = []
    for i in obs["mine"]:
        ship = ships[i]
        if not ship["at"] or ship["actions"] == 0:
            programs.append("-")
            continue
        pos, facing, words = hex_axial(ship["at"]), HEX_FACINGS.index(ship["facing"]), []
        allies.discard(pos)
        for _ in range(ship["actions"]):
            if not enemies:
                words.append("Left")  # nothing to hunt: hover safely in place
                continue
            # One phase at a time, pretending the enemies stay put: the best of Move, Left, Right.
            ahead = (pos[0] + HEX_DIRS[facing][0], pos[1] + HEX_DIRS[facing][1])
            options = [("Left", pos, (facing + 1) % 6), ("Right", pos, (facing + 5) % 6)]
            if free(ahead) and ahead not in allies:
                options.append(("Move", ahead, facing))  # into an enemy's hex: a ram
            word, pos, facing = max(options, key=lambda o: score(o[1], o[2]))
            words.append(word)
        allies.add(pos)
        programs.append(" ".join(words))
    return " / ".join(programs)


# ---------------------------------------------------------------------------
# What Blind Ninjas?: "orders", one order a living ninja: 1M (move ahead),
# 1TN/1TE/1TS/1TW (turn), 1S (stand), 1X (slash the square ahead). Enemies
# are never seen; every slash is heard (its square and its player). Slashes
# are carried out after the other orders and kill whoever stands there, our
# own ninjas too.

NINJA_STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def orders_blind_ninjas(obs):
    width, height = obs["room"]["width"], obs["room"]["height"]

    def ahead(sq, facing):
        x, y = sq[0] + NINJA_STEP[facing][0], sq[1] + NINJA_STEP[facing][1]
        return (x, y) if 0 <= x < width and 0 <= y < height else None

    # Where enemies were heard slashing last round: the slasher stood next to that square.
    noisy = set()
    for h in obs["heard"]:
        if h["by"] != obs["seat"] and h["round"] >= obs["round"] - 1:
            x, y = square(h["square"])
            noisy |= {(x, y), (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}
    ninjas = {k: (square(n["square"]), n["facing"]) for k, n in enumerate(obs["ninjas"]) if n}
    at = {k: sq for k, (sq, _) in ninjas.items()}
    # Sweep: slash on odd rounds (and whenever the square ahead is noisy), step on even ones.
    slashing = obs["round"] % 2 == 1
    slashes = {}
    for k, (sq, facing) in ninjas.items():
        t = ahead(sq, facing)
        if t and t not in at.values() and (slashing or t in noisy):
            slashes[k] = t
    orders = []
    for k, (sq, facing) in ninjas.items():
        if k in slashes:
            continue
        t = ahead(sq, facing)
        if t is None:
            orders.append(f"{k + 1}T{OPPOSITE[facing]}")  # at the wall: turn round
        elif t not in at.values() and t not in slashes.values():
            orders.append(f"{k + 1}M")
            at[k] = t
        else:
            orders.append(f"{k + 1}S")
    # Slashes last (the rules carry them out last anyway), never at a square of ours.
    orders += [f"{k + 1}X" if t not in at.values() else f"{k + 1}S" for k, t in slashes.items()]
    return " ".join(orders)


# ---------------------------------------------------------------------------
# Battle Engine: "deploy" once (every piece on a square of our side,
# "gen@d1 pvt@a1 ..."), then "act", one step at a time of one piece a turn:
# "m d2 d3" move (only nearer the nearest enemy), "h d3 d4" hit a neighbour,
# "s a3 a7" shoot along a clear line, "p d2 d1" panic move, "e a1" escape,
# "end" the turn, "pass" when nothing is legal. Losing the last officer
# surrenders the army, so officers deploy at the back and fight last.

OFFICERS = {"gen", "col", "col-a", "ltc", "ltc-a", "maj", "maj-a", "cpt", "ltn"}  # pay N5 and up
STEPS = [(0, 1), (1, 0), (0, -1), (-1, 0)]


def sq_name(x, y):
    return chr(97 + x) + str(y + 1)


def deploy_battle(obs):
    """Soldiers in front, archers behind them, officers at the back."""
    b, seat = obs["board"], obs["seat"]
    # Our rows, nearest no man's land first (A: rows 1..rowsPerSide from 0; B: the rows above the middle).
    rows = range(b["rowsPerSide"] - 1, -1, -1) if seat == 0 else range(b["rowsPerSide"] + 1, b["height"])
    squares = [sq_name(x, y) for y in rows for x in range(b["width"])]
    rank = lambda p: 2 if p["piece"] in OFFICERS else (1 if p["arrows"] > 0 else 0)
    pieces = sorted(obs["own"], key=rank)
    return " ".join(f"{p['piece']}@{squares[k]}" for k, p in enumerate(pieces))


def act_battle(obs):
    b, seat = obs["board"], obs["seat"]
    w, h = b["width"], b["height"]
    ours = [p for p in obs["own"] if p["status"] == "on" and p["square"]]
    enemy = {square(e["square"]): e for e in obs["enemy"]}
    taken = set(enemy) | {square(p["square"]) for p in ours}

    def on_board(x, y):
        return 0 <= x < w and 0 <= y < h

    def nearest(x, y):
        return min((abs(x - ex) + abs(y - ey) for ex, ey in enemy), default=99)

    def attacks(p):
        """(score, step) for each hit and shot piece p may make: officers and wounded enemies first."""
        x, y = square(p["square"])
        out = []
        for dx, dy in STEPS:
            if (x + dx, y + dy) in enemy:
                out.append(("h", (x + dx, y + dy)))
            if p["arrows"] > 0:
                tx, ty = x + dx, y + dy
                while on_board(tx, ty) and (tx, ty) not in taken:
                    tx, ty = tx + dx, ty + dy
                if (tx, ty) in enemy and abs(tx - x) + abs(ty - y) > 1:
                    out.append(("s", (tx, ty)))
        return [(10 * enemy[t]["officer"] + enemy[t]["damage"], f"{k} {p['square']} {sq_name(*t)}") for k, t in out]

    # In the middle of our turn (a piece has acted): strike if it can, else end the turn.
    if obs["acting"]:
        p = next(p for p in ours if p["square"] == obs["acting"])
        best = max(attacks(p), default=None) if not p["panicked"] else None
        return best[1] if best else "end"

    # A turn's first step: the best attack of any piece ...
    fighters = [p for p in ours if not p["panicked"]]
    hits = [a for p in fighters for a in attacks(p)]
    if hits:
        return max(hits)[1]
    # ... else a move nearer the enemy: soldiers before officers, a square next to an enemy first.
    moves = []
    for p in fighters:
        x, y = square(p["square"])
        for dx, dy in STEPS:
            t = (x + dx, y + dy)
            if on_board(*t) and t not in taken and nearest(*t) < nearest(x, y):
                moves.append((-5 * (p["piece"] in OFFICERS) - nearest(*t), f"m {p['square']} {sq_name(*t)}"))
    if moves:
        return max(moves)[1]
    # Nothing else: a panic move (toward our back line, or sideways away from the enemy), or an escape.
    back = -1 if seat == 0 else 1
    for p in sorted(ours, key=lambda p: (not p["panicked"], p["piece"] in OFFICERS)):
        x, y = square(p["square"])
        for dx, dy in [(0, back), (1, 0), (-1, 0)]:
            t = (x + dx, y + dy)
            if on_board(*t) and t not in taken and (dy == back or nearest(*t) > nearest(x, y)):
                return f"p {p['square']} {sq_name(*t)}"
        if y == (0 if seat == 0 else h - 1):
            return f"e {p['square']}"
    return "pass"


# ---------------------------------------------------------------------------
# The protocol: answer each message with one line, flushed.

DECIDE = {
    ("rbp", "program"): program_rbp_nhm,
    ("nhm", "program"): program_rbp_nhm,
    ("hovercrafts", "program"): program_hovercrafts,
    ("blind-ninjas", "orders"): orders_blind_ninjas,
    ("battle-engine", "deploy"): deploy_battle,
    ("battle-engine", "act"): act_battle,
}


def main():
    ruleset = None
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "start":
            ruleset = msg["ruleset"]["id"]
            print(json.dumps({"type": "ready"}), flush=True)
        elif msg["type"] == "decide":
            decide = DECIDE.get((ruleset, msg["kind"]))
            if decide:
                answer = {"type": "action", "id": msg["id"], "action": decide(msg["observation"])}
            else:
                # A question we have no plan for (NHM's dodge, autoTarget): the rulebook's default, no fault.
                answer = {"type": "action", "id": msg["id"], "action": None, "missing": True}
            print(json.dumps(answer), flush=True)
        elif msg["type"] == "end":
            break


if __name__ == "__main__":
    main()
