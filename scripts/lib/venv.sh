# Python virtual environments for the scripts that test against PyPI tools (sourced, POSIX sh).
#
#   . "$root/scripts/lib/venv.sh"
#   ensure_venv DIR CHECK INSTALL
#
# DIR is the venv; CHECK is Python code that exits 0 when the venv has what is needed; INSTALL is a
# shell function called with the venv's pip as its argument. Tests call these scripts in parallel,
# so the check and the build run under a lock (flock on DIR.lock), and a venv that is there but
# fails CHECK (an interrupted install, a tree copied without its links) is removed and built again
# from nothing. Returns 0 when the venv is ready, 3 when no venv can be made, 2 when INSTALL fails.
venv_usable() {
  [ -x "$1/bin/python" ] && "$1/bin/python" -c "$2" 2>/dev/null
}

ensure_venv() {
  venv_usable "$1" "$2" && return 0
  mkdir -p "$(dirname "$1")"
  exec 9>"$1.lock"
  flock 9
  venv_status=0
  if ! venv_usable "$1" "$2"; then
    rm -rf "$1"
    if ! python3 -m venv "$1" >&2 || [ ! -x "$1/bin/pip" ]; then
      echo "could not create a Python venv with pip at $1 (Debian: apt-get install python3-venv)" >&2
      venv_status=3
    elif ! "$3" "$1/bin/pip"; then
      venv_status=2
    fi
    [ "$venv_status" -eq 0 ] || rm -rf "$1"
  fi
  exec 9>&-
  return "$venv_status"
}
