"""Analyses of a hand, built on ``pinosolve.game.Game``: a played hand reviewed card by card
(``review.py``) and its value graph drawn (``plot.py``, matplotlib an optional extra)."""
