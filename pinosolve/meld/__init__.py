"""Meld: the meld table, the model of a hand's meld, the CP-SAT maximiser, disputes and meld
sequences."""
