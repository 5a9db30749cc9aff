#!/usr/bin/env bash
# own-machine.sh <dir> <command> [args…]: runs the command in the checkout as if on a machine of
# its own (decision 039), so a pass that binds the product's ports and writes its state runs
# beside another that does too:
#   - a network of its own (its own loopback: every port, 127.0.0.2… included);
#   - the checkout seen through a copy-on-write layer in <dir>/changes: whatever the pass
#     writes, removes or renames there is its own, and stays in <dir> to read afterwards;
#   - the builds as the build stage left them (<dir>/../build): a pass beside may be changing
#     the served ones (a redeploy, a tampered release) while this one starts.
# Needs Linux namespaces and overlayfs (root): tooling/slices/own-machine.ts asks before a
# pipeline counts on them.
set -euo pipefail
dir=$1
shift
checkout=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$dir"
mkdir -p "$dir/changes" "$dir/work"
echo "on a machine of its own: what it writes is kept in $dir/changes"

# shellcheck disable=SC2016 # expanded by the inner shell, inside the namespaces.
exec unshare --mount --net --propagation private -- bash -c '
  set -euo pipefail
  checkout=$1 dir=$2
  shift 2
  ip link set lo up
  # A link beside loopback, up, with a link-local address no router forwards: a browser with
  # only loopback says it is offline (navigator.onLine), and the page then holds its beacons.
  ip link add own0 type bridge
  ip address add 169.254.0.1/16 dev own0
  ip link set own0 up
  mount -t overlay overlay \
    -o "lowerdir=$checkout,upperdir=$dir/changes,workdir=$dir/work" "$checkout"
  cd "$checkout"
  # What follows removes the builds it replaces: only ever in the copy-on-write layer.
  [ "$(stat -f -c %T .)" = overlayfs ] || { echo "own-machine: no copy-on-write layer" >&2; exit 1; }
  build="$dir/../build"
  shopt -s nullglob
  for app in "$build"/*; do
    for output in "$app"/*; do
      target="$(basename "$app")/$(basename "$output")"
      rm -rf "$target"
      cp -a "$output" "$target"
    done
  done
  exec "$@"
' own-machine "$checkout" "$dir" "$@"
