"""Duplicate matches between players: seating, running, statistics."""
