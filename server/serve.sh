#!/bin/sh
# The one start of the built server (`npm run serve`, the image's CMD, the e2e and bench servers), copied
# into the build beside main.js: `sh serve.sh [node flags] <entry.js>`. It gives node the heap limits
# for the memory this node is given (memory-flags.js; docs/operations.md "Memory"), then execs node, so
# node keeps this process's id (PID 1 in the image) and receives SIGTERM itself.
dir=$(dirname "$0")
flags=$(node "$dir/memory-flags.js") || exit 1
# glibc's malloc keeps an arena per thread (8 per core); two hold node's few threads' native memory.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
# $flags unquoted: each flag its own word.
exec node $flags --enable-source-maps "$@"
