"""Game records: a hand of pinochle in tag pairs, read and written (``docs/records.md``).

``tags`` is the syntax (sections of tag pairs and data lines), ``record`` the meaning
(``Record``: its fields, its export, and the inputs the analyses take from it), ``read``
the reading (``read_record``, ``read_records``).
"""

from pinosolve.records.read import read_record, read_records
from pinosolve.records.record import CardNote, Pass, Record, rules_hash

__all__ = ["CardNote", "Pass", "Record", "read_record", "read_records", "rules_hash"]
