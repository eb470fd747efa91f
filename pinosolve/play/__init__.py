"""Trick play: legality, the double-dummy search, and its compiled core."""
