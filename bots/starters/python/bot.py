#!/usr/bin/env python3
"""A starter bot for Havoc Arena, in Python with the standard library only.

It speaks the bot protocol, havoc-bot/1 (docs/protocol.md): one JSON message a
line on stdin, one answer a line on stdout, flushed. It plays Robo Battle Pigs
and Ninja Havoc Machines (the "program" decision) with a plain plan: turn to
face the nearest enemy, step towards it, and fire its weapons whenever the
enemy stands ahead. Every other decision (a ruleset it does not know, the
Dodge and Auto-Target questions) gets null: the rulebook's default.

Start from here: `havoc check-bot bots/starters/python/bot.json` plays it
against random and reports its faults; `havoc notation --ruleset nhm` lists
every command word and what it does.
"""
import json
import sys

FACINGS = "NESW"
# Forward, as (file, rank) steps, for each facing: ranks grow to the north.
AHEAD = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
# Commands that are not weapons: moves, turns, repair, the run-time ones.
NOT_WEAPONS = {"X", "R", "TL", "TR", "@", "^", "v", "<", ">", "\\", "/", "F\\", "F/", "B/", "B\\", "A", "TEL", "D"}


def square(name):
    """'d4' -> (3, 3)."""
    return ord(name[0]) - 97, int(name[1:]) - 1


def plan(obs):
    """Five commands for this turn."""
    me = obs["machines"][obs["seat"]]
    enemies = [m for m in obs["machines"] if m["seat"] != obs["seat"] and m["alive"] and m["square"]]
    x_needed = obs["requiredX"]
    words = obs["commands"]
    weapons = [w for w in words if w not in NOT_WEAPONS]
    fire = weapons[0] if weapons else ("A" if "A" in words else "X")
    program = ["X"] * x_needed
    if not enemies or not me["square"]:
        return program + [fire] * (5 - x_needed)
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
    return program


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "start":
            print(json.dumps({"type": "ready"}), flush=True)
        elif msg["type"] == "decide":
            action = " ".join(plan(msg["observation"])) if msg["kind"] == "program" and "machines" in msg["observation"] else None
            print(json.dumps({"type": "action", "id": msg["id"], "action": action}), flush=True)
        elif msg["type"] == "end":
            break


if __name__ == "__main__":
    main()
