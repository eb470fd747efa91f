"""The environment's speed: random rounds through OpenSpiel and through PettingZoo, side by side.

    python bench/env.py [--variant four-hand] [--rounds 200] [--repeats 5] [--seed 1]

Each repeat plays ``--rounds`` random rounds (every legal action alike, chance as the game
deals it) through the OpenSpiel game (``legal_actions``, ``apply_action``), then the same
number through the PettingZoo environment (``last()`` with the observation tensor and the
action mask, ``step``), in one process on one core, interleaved, as this machine drifts.
Prints each repeat's rates, then the median and the worst: actions a second (the players'
actions and the chance actions, OpenSpiel's count; the players' alone), rounds a second,
and PettingZoo's time over OpenSpiel's (the issue's targets: 5,000 actions a second
through OpenSpiel on four-hand, PettingZoo within 2x).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def openspiel_rounds(game: object, rounds: int, seed: int) -> tuple[float, int, int]:
    """Seconds, all actions and the players' actions of ``rounds`` random rounds."""
    rng = random.Random(seed)
    actions = moves = 0
    start = time.perf_counter()
    for _ in range(rounds):
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if state.is_chance_node():
                acts, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(acts, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
            actions += 1
        state.returns()
    return time.perf_counter() - start, actions, moves


def pettingzoo_rounds(env: object, rounds: int, seed: int) -> tuple[float, int]:
    """Seconds and the players' actions of ``rounds`` random rounds."""
    moves = 0
    start = time.perf_counter()
    for k in range(rounds):
        env.reset(seed=seed + k)  # type: ignore[attr-defined]
        env.action_space(env.possible_agents[0]).seed(seed + k)  # type: ignore[attr-defined]
        for agent in env.agent_iter():  # type: ignore[attr-defined]
            obs, _, term, trunc, _ = env.last()  # type: ignore[attr-defined]
            if term or trunc:
                env.step(None)  # type: ignore[attr-defined]
                continue
            env.step(env.action_space(agent).sample(obs["action_mask"]))  # type: ignore
            moves += 1
    return time.perf_counter() - start, moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="four-hand")
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    import pyspiel

    import pinosolve.env

    game = pyspiel.load_game("pinochle", {"variant": args.variant})
    env = pinosolve.env.pettingzoo_env(args.variant)
    rows = []
    for r in range(args.repeats):
        seconds, actions, moves = openspiel_rounds(game, args.rounds, args.seed + r)
        pz_seconds, pz_moves = pettingzoo_rounds(env, args.rounds, args.seed + r)
        rows.append((actions / seconds, moves / seconds, args.rounds / seconds,
                     pz_moves / pz_seconds, args.rounds / pz_seconds,
                     (pz_seconds / pz_moves) / (seconds / moves)))
        print(f"repeat {r + 1}: OpenSpiel {rows[-1][0]:,.0f} actions/s ({rows[-1][1]:,.0f} "
              f"players'), {rows[-1][2]:.1f} rounds/s; PettingZoo {rows[-1][3]:,.0f} players' "
              f"actions/s, {rows[-1][4]:.1f} rounds/s; PettingZoo/OpenSpiel time a player's "
              f"action {rows[-1][5]:.2f}x", flush=True)
    names = ("OpenSpiel actions/s", "OpenSpiel players' actions/s", "OpenSpiel rounds/s",
             "PettingZoo players' actions/s", "PettingZoo rounds/s",
             "PettingZoo/OpenSpiel time a player's action")
    for k, name in enumerate(names):
        values = [row[k] for row in rows]
        worst = max(values) if k == 5 else min(values)
        print(f"{args.variant} {name}: median {statistics.median(values):,.2f}, "
              f"worst {worst:,.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
