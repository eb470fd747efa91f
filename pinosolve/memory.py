"""How much memory this process may really use.

The machine's physical memory is only an upper bound: a container's control group, or a
resource limit set by the shell (``ulimit -v``) or a batch system, may allow far less, and a
table sized for the machine then gets the process killed by the kernel, or its allocation
refused. :func:`usable_memory` takes the least of them all.
"""

from __future__ import annotations

import os
from pathlib import Path
from collections.abc import Iterator

CGROUP_ROOT = Path("/sys/fs/cgroup")  # where the control groups are mounted
SELF_CGROUP = Path("/proc/self/cgroup")  # which control groups this process is in


def usable_memory(cgroup_root: Path = CGROUP_ROOT, self_cgroup: Path = SELF_CGROUP) -> int:
    """Bytes this process may use: the least of the machine's physical memory, the memory
    limits of the control groups it is in (cgroup v2 ``memory.max``, v1
    ``memory.limit_in_bytes``, of its own group and of every group above it) and its resource
    limits (``RLIMIT_AS``, ``RLIMIT_DATA``). A figure that cannot be read, or that says there
    is no limit, is left out; 0 if none can be read."""
    figures = [physical_memory(), *cgroup_limits(cgroup_root, self_cgroup), *resource_limits()]
    return min((f for f in figures if f > 0), default=0)


def physical_memory() -> int:
    """The machine's memory in bytes (0: unknown)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):  # no sysconf (Windows), or no answer
        return 0


def cgroup_limits(cgroup_root: Path = CGROUP_ROOT,
                  self_cgroup: Path = SELF_CGROUP) -> Iterator[int]:
    """The memory limits, in bytes, of the control groups this process is in and of those
    above them, as far as they can be read (each is a limit on this process too). A group
    path that does not exist under ``cgroup_root`` (a container sees its own group as the
    root) is skipped, and the groups above it are still read."""
    try:
        lines = self_cgroup.read_text().splitlines()
    except (OSError, UnicodeDecodeError):
        return
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, controllers, path = parts
        if controllers == "":  # cgroup v2: one hierarchy for every controller
            base, name = cgroup_root, "memory.max"
        elif "memory" in controllers.split(","):  # cgroup v1: the memory controller's
            base, name = cgroup_root / "memory", "memory.limit_in_bytes"
        else:
            continue
        group = Path("/") / path.strip().lstrip("/")
        for level in (group, *group.parents):
            limit = _read_limit(base / level.relative_to("/") / name)
            if limit is not None:
                yield limit


def _read_limit(path: Path) -> int | None:
    """A control group's memory limit in bytes; None if there is none or it cannot be read."""
    try:
        text = path.read_text().strip()
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    # ("max": no limit; str.isdigit alone would pass other scripts' digits, which int refuses)
    return int(text) if text.isascii() and text.isdigit() and len(text) < 30 else None


def resource_limits() -> Iterator[int]:
    """This process's soft limits, in bytes, on its address space and its data (those that
    are set: no such limit on Windows)."""
    try:
        import resource
    except ImportError:  # not on every platform
        return
    for name in ("RLIMIT_AS", "RLIMIT_DATA"):
        try:
            soft, _ = resource.getrlimit(getattr(resource, name))
        except (AttributeError, ValueError, OSError):
            continue
        if soft != resource.RLIM_INFINITY and soft > 0:
            yield soft
