"""OpenSpiel's CFR solves the tiny variant (the curve and the command: docs/env.md)."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import pinosolve.env  # noqa: E402,F401


def test_cfr_plus_solves_the_tiny_variant() -> None:
    """CFR+ (OpenSpiel's own) reaches an exploitability of at most 0.01 in 8 iterations,
    where the uniform policy is 0.086: the game is solved, and the test can fail."""
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability

    game = pyspiel.load_game("pinochle", {"rules": "tiny", "returns": "difference"})
    assert exploitability.exploitability(game, policy.UniformRandomPolicy(game)) > 0.05
    solver = cfr.CFRPlusSolver(game)
    for _ in range(8):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) <= 0.01
