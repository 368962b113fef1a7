#!/usr/bin/env bash
# npm run test:mutation -- <group> [<group>…]: one StrykerJS run per group of mutation/groups.json.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: npm run test:mutation -- <group>… (groups: $(node -p "Object.keys(require('./mutation/groups.json')).join(' ')"))"; exit 2; }
for group in "$@"; do
  echo "== mutation: $group"
  MUTATION_GROUP="$group" npx stryker run stryker.config.mjs
done
