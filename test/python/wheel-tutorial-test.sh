#!/usr/bin/env bash
# The module from Python, by the recipe of doc/gprs.rst ("Python"): PyPI's ns3 wheel in a venv
# (test/python/requirements.txt), the module built against the wheel's ns-3 through
# cmake/ns3-wheel and installed into it; then examples/gprs-tcp-tutorial.py (from ns import ns)
# must print, byte for byte, the CSV of the C++ tutorial built against the same ns-3, at two RNG
# runs, and at run 1 the golden CSV of that ns-3 release (test/golden/ns-VERSION/, else
# test/golden/). Not in .ci/test: pip compiles two of cppyy's packages; .ci/run runs it.
# Debian's python3 (with python3-venv and libpython3-dev), whose release picks the wheel
# (CPython 3.11 on Debian 12), not another Python found first on PATH.
# Usage: test/python/wheel-tutorial-test.sh [work directory, default ./build-python] [cmake
# arguments for the module's build, e.g. -DGPRS_DEBUG_INFO=OFF as .ci/run passes]
set -euo pipefail
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=${1:-$top/build-python}
shift $(($# > 0))
mkdir -p "$work"
work=$(cd "$work" && pwd)
SECONDS=0
step() {
  echo "python: $1 at $((SECONDS / 60)) min $((SECONDS % 60)) s" >&2
}

[ -x "$work/venv/bin/python" ] || /usr/bin/python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check \
  -r "$top/test/python/requirements.txt"
prefix=$("$work/venv/bin/python" -c 'import ns3; print(ns3.__path__[0])')
step "ns3 wheel and cppyy installed in $work/venv"

generator=()
[ -f "$work/build/CMakeCache.txt" ] || generator=(-G Ninja)
cmake -S "$top" -B "$work/build" "${generator[@]}" -Dns3_DIR="$top/cmake/ns3-wheel" \
  -DNS3_WHEEL_PREFIX="$prefix" -DBUILD_TESTING=OFF -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DCMAKE_INSTALL_LIBDIR=lib64 "$@" >/dev/null
cmake --build "$work/build" --parallel "$(nproc)" --target gprs-tcp-tutorial >&2
cmake --install "$work/build" >/dev/null
version=$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")$/\1/p' "$prefix/lib64/cmake/ns3/ns3ConfigVersion.cmake")
library=$prefix/lib64/libns$version-gprs.so
[ -f "$library" ] || { echo "python: no $library (ns-3's name for the module)" >&2; exit 1; }
step "module built against the wheel's ns-3 $version and installed: $library"

# ns-3's loader searches the current directory for libraries, recursively: a directory of its
# own, so that it finds no other build of the module.
runs=$work/runs
rm -rf "$runs"
mkdir -p "$runs"
failed=0
for run in 1 2; do
  "$work/build/examples/gprs-tcp-tutorial" --bytes=50000 --progress=0 --RngRun=$run \
    >"$runs/cxx-$run.csv"
  (cd "$runs" && "$work/venv/bin/python" "$top/examples/gprs-tcp-tutorial.py" --bytes=50000 \
    --RngRun=$run >"$runs/python-$run.csv")
  if cmp -s "$runs/cxx-$run.csv" "$runs/python-$run.csv"; then
    echo "python: run $run: Python CSV = C++ CSV (ns-3 $version)" >&2
  else
    echo "python: run $run: Python CSV differs from C++ CSV (ns-3 $version):" >&2
    diff "$runs/cxx-$run.csv" "$runs/python-$run.csv" >&2 || true
    failed=$((failed + 1))
  fi
done
golden=$top/test/golden/gprs-tcp-tutorial.csv
[ ! -f "$top/test/golden/ns-$version/gprs-tcp-tutorial.csv" ] ||
  golden=$top/test/golden/ns-$version/gprs-tcp-tutorial.csv
if cmp -s "$golden" "$runs/python-1.csv"; then
  echo "python: run 1: Python CSV = ${golden#"$top"/}" >&2
else
  echo "python: run 1: Python CSV differs from ${golden#"$top"/}:" >&2
  diff "$golden" "$runs/python-1.csv" >&2 || true
  failed=$((failed + 1))
fi
cat "$runs/python-1.csv"
step "tutorial compared"
echo "python: $((3 - failed)) passed, $failed failed"
((failed == 0))
