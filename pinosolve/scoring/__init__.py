"""Scoring: rounds, whole games, bidding, passing, contracts and whether one can be made."""
