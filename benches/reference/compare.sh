#!/usr/bin/env bash
# Times grundy beside plain C++ versions of the editorials' methods on the contest maxima,
# in one run, on the same inputs: `grundy gen PROBLEM --size max|worst --seed 1`.
# Both read the input from a file through the same shell; hyperfine subtracts the shell's
# start-up. The outputs are compared first: a reference that disagrees stops the run.
#
# Usage: benches/reference/compare.sh [PROBLEM...]   (default: all five)
# Needs g++ and hyperfine; builds grundy in release mode.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
problems=("$@")
[ ${#problems[@]} -eq 0 ] && problems=(shgame lamqugam pshtbrth caos3 inventor)
runs=${RUNS:-20}

cargo build --release --quiet --manifest-path "$root/Cargo.toml" -p grundy-cli
grundy="$root/target/release/grundy"
for p in "${problems[@]}"; do
  g++ -O2 -o "$work/$p-ref" "$here/$p.cpp"
  for size in max worst; do
    input="$work/$p-$size.in"
    "$grundy" gen "$p" --size "$size" --seed 1 > "$input"
    "$work/$p-ref" < "$input" > "$work/ref.out"
    "$grundy" solve "$p" "$input" > "$work/grundy.out"
    if ! cmp -s "$work/ref.out" "$work/grundy.out"; then
      echo "$p $size: the reference and grundy disagree" >&2
      exit 1
    fi
    echo "== $p --size $size ($(wc -c < "$input") bytes)"
    hyperfine --warmup 3 --runs "$runs" --style basic \
      -n "C++ $p" "$work/$p-ref < $input > /dev/null" \
      -n "grundy $p" "$grundy solve $p $input > /dev/null" \
      | grep -E '^(  Time|Benchmark|Summary|    [0-9. ]+ ± .* times faster)'
  done
done
