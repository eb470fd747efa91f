"""pinosolve.memory: the memory a process may really use, from fake control groups and limits."""

from __future__ import annotations

import resource

import pytest

from pinosolve import memory

GIB = 1 << 30


@pytest.fixture
def machine(monkeypatch):
    """A machine of 64 GiB with no resource limits, whose figures a test may change."""
    limits = {resource.RLIMIT_AS: resource.RLIM_INFINITY,
              resource.RLIMIT_DATA: resource.RLIM_INFINITY}
    monkeypatch.setattr(memory, "physical_memory", lambda: 64 * GIB)
    monkeypatch.setattr(resource, "getrlimit", lambda which: (limits[which], limits[which]))
    return limits


def _tree(root, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_cgroup_v2_limits_of_the_group_and_above(machine, tmp_path):
    """cgroup v2: the least memory.max of the process's group and of those above it."""
    _tree(tmp_path, {"cg/memory.max": "max\n", "cg/a/memory.max": str(3 * GIB) + "\n",
                     "cg/a/b/memory.max": "max\n", "self": "0::/a/b\n"})
    assert memory.usable_memory(tmp_path / "cg", tmp_path / "self") == 3 * GIB
    _tree(tmp_path, {"cg/a/b/memory.max": str(GIB)})
    assert memory.usable_memory(tmp_path / "cg", tmp_path / "self") == GIB


def test_cgroup_v1_memory_controller(machine, tmp_path):
    """cgroup v1: memory.limit_in_bytes under the memory controller's hierarchy; the others'
    lines, and v1's figure for no limit (2**63 rounded to pages), change nothing."""
    _tree(tmp_path, {"cg/memory/memory.limit_in_bytes": "9223372036854771712\n",
                     "cg/memory/job/memory.limit_in_bytes": str(2 * GIB),
                     "cg/cpu/job/memory.limit_in_bytes": "1",
                     "self": "5:cpu,cpuacct:/job\n4:memory:/job\n1:name=systemd:/job\n"})
    assert memory.usable_memory(tmp_path / "cg", tmp_path / "self") == 2 * GIB


def test_a_container_that_sees_its_group_as_the_root(machine, tmp_path):
    """A group path that is not under the mount (a container's own group is its root) is
    skipped, and the root's limit counts."""
    _tree(tmp_path, {"cg/memory.max": str(GIB // 2), "self": "0::/docker/abc123\n"})
    assert memory.usable_memory(tmp_path / "cg", tmp_path / "self") == GIB // 2


@pytest.mark.parametrize("files", [
    {},  # no control groups at all (not Linux)
    {"self": "garbage\n\x00\n::\n"},
    {"self": "0::/a\n", "cg/a/memory.max": "lots\n"},
    {"self": "0::/a\n", "cg/a/memory.max": "-5\n"},
    {"self": "0::/a\n", "cg/a/memory.max": "9" * 100},
    {"self": "0::/a\n", "cg/a/memory.max/x": "1"},  # a folder where the file should be
    {"self": b"0::/\xff\n"},
])
def test_what_cannot_be_read_is_left_out(machine, tmp_path, files):
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
    assert memory.usable_memory(tmp_path / "cg", tmp_path / "self") == 64 * GIB


def test_resource_limits(machine, tmp_path):
    """RLIMIT_AS and RLIMIT_DATA (ulimit -v, -d) count where they are set."""
    nothing = (tmp_path / "cg", tmp_path / "none")
    machine[resource.RLIMIT_DATA] = 5 * GIB
    assert memory.usable_memory(*nothing) == 5 * GIB
    machine[resource.RLIMIT_AS] = 4 * GIB
    assert memory.usable_memory(*nothing) == 4 * GIB
    _tree(tmp_path, {"cg/memory.max": str(GIB), "self": "0::/\n"})
    assert memory.usable_memory(tmp_path / "cg", tmp_path / "self") == GIB


def test_nothing_known(monkeypatch, tmp_path):
    monkeypatch.setattr(memory, "physical_memory", lambda: 0)
    monkeypatch.setattr(memory, "resource_limits", lambda: iter(()))
    assert memory.usable_memory(tmp_path / "cg", tmp_path / "self") == 0


def test_this_machine():
    """Here: something, and no more than the machine has."""
    assert 0 < memory.usable_memory() <= memory.physical_memory()


def test_a_real_resource_limit_is_seen():
    """In a process started under ``ulimit -v`` (RLIMIT_AS), the limit is what it may use."""
    import subprocess
    import sys

    code = ("import resource\n"
            "resource.setrlimit(resource.RLIMIT_AS, (3 << 30, resource.RLIM_INFINITY))\n"
            "from pinosolve.memory import usable_memory\n"
            "print(usable_memory())\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    assert int(run.stdout) == min(3 << 30, memory.usable_memory())


def test_the_default_table_limit_heeds_the_process_limits():
    """tables.table_limit() with no figure given sizes by usable_memory, not the machine:
    under a 3 GiB address-space limit the table may take an eighth of it (2**24 entries of
    16 bytes: 256 MiB), where the machine's own size gives more."""
    import subprocess
    import sys

    code = ("import resource; resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)); "
            "from pinosolve.play import tables; "
            "print(tables.table_limit(), tables.default_limit())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout.split()
    assert out == [str(1 << 24), str(1 << 24)]
