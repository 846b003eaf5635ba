#!/usr/bin/env bash
# A local Ralph LRS (PyPI ralph-malph, France Université Numérique) for the xAPI round trip test.
#   scripts/xapi/ralph.sh DIR USER PASSWORD
# Creates .build/ralph-venv with ralph-malph[cli,lrs] (the file-system backend is built in; the cli
# extra brings `ralph auth` and `ralph runserver`), writes USER's credentials (scopes
# statements/write and statements/read) to DIR/auth.json with `ralph auth`, starts Ralph's LRS API
# on its file-system backend (what `ralph runserver --backend fs` starts, through
# scripts/xapi/ralph_server.py, which says why) on a free port of 127.0.0.1, storing statements in
# DIR/store, waits until it answers, and prints "PORT PID" on standard output. The server keeps
# running in its own process group: stop it with kill PID. Its log is DIR/ralph.log. Exit 3 when no venv can be made, 2 when pip fails, 4 when
# the server does not answer within 60 s.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: scripts/xapi/ralph.sh DIR USER PASSWORD" >&2; exit 64; }
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=$1 user=$2 password=$3
# ralph.api reads its backend when imported (`ralph auth` imports it too).
export RALPH_RUNSERVER_BACKEND=fs
. "$root/scripts/lib/venv.sh"
venv="$root/.build/ralph-venv"
# ralph.api imports requests (for OpenID Connect), which no extra of 5.1.0 declares.
install_ralph() { "$1" install -q 'ralph-malph[cli,lrs]==5.1.0' requests >&2; }
ensure_venv "$venv" 'import ralph.api, click, uvicorn' install_ralph || exit $?
mkdir -p "$dir/store"
dir=$(cd "$dir" && pwd)
export RALPH_APP_DIR="$dir" RALPH_AUTH_FILE="$dir/auth.json"
"$venv/bin/ralph" auth --write-to-disk --username "$user" --password "$password" \
  --scope statements/write --scope statements/read --agent-ifi-mbox "mailto:$user@example.org" >/dev/null
port=$("$venv/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
export RALPH_BACKENDS__LRS__FS__DEFAULT_DIRECTORY_PATH="$dir/store"
(cd "$dir" && exec setsid "$venv/bin/python" "$root/scripts/xapi/ralph_server.py" "$port") </dev/null >"$dir/ralph.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
  if "$venv/bin/python" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/__lbheartbeat__', timeout=1)" 2>/dev/null; then
    echo "$port $pid"
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || { echo "ralph runserver stopped; its log:" >&2; tail -20 "$dir/ralph.log" >&2; exit 4; }
  sleep 0.5
done
echo "ralph runserver did not answer on port $port within 60 s; its log: $dir/ralph.log" >&2
kill "$pid" 2>/dev/null || true
exit 4
