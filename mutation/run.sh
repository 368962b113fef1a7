#!/usr/bin/env bash
# npm run test:mutation -- <group>…: one StrykerJS run per group of mutation/groups.json, then their scores.
# npm run test:mutation: every group's score from its last run (mutation/scores.ts), running nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
for group in "$@"; do
  echo "== mutation: $group"
  MUTATION_GROUP="$group" npx stryker run stryker.config.mjs
done
npx tsx mutation/scores.ts "$@"
