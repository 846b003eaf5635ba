#!/usr/bin/env bash
# Installs the system packages quizline needs when they are missing (Debian/Ubuntu).
# Used by `make run`, `make test` and CI; safe to run repeatedly (a no-op when all is present).
# Usage: scripts/ensure-deps.sh [extra-debian-package ...]
set -euo pipefail

need=()
if ! { [ -f /usr/include/editline/readline.h ] && pkg-config --exists libedit 2>/dev/null; }; then
  need+=(libedit-dev)
fi
# Anki packages: SQLite collections in zip archives (deflate), zstd-compressed in the latest version.
[ -f /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/zstd.h ] || need+=(libzstd-dev)
# Markdown banks and sessions: cmark-gfm with GitHub's extensions (tables, task lists).
[ -f /usr/include/cmark-gfm.h ] || need+=(libcmark-gfm-dev)
[ -f /usr/include/cmark-gfm-core-extensions.h ] || need+=(libcmark-gfm-extensions-dev)
# Images in the terminal: chafa draws (kitty, iTerm2, sixel, symbols); the decoders read PNG, JPEG,
# GIF and WebP. libsixel-bin's sixel2png decodes sixel output back in the image tests.
[ -f /usr/include/chafa/chafa.h ] || need+=(libchafa-dev)
# chafa.h includes glib.h, but Debian's libchafa-dev does not depend on libglib2.0-dev.
[ -f /usr/include/glib-2.0/glib.h ] || need+=(libglib2.0-dev)
[ -f /usr/include/png.h ] || need+=(libpng-dev)
[ -f /usr/include/jpeglib.h ] || need+=(libjpeg62-turbo-dev)
[ -f /usr/include/gif_lib.h ] || need+=(libgif-dev)
[ -f /usr/include/webp/decode.h ] || need+=(libwebp-dev)
# quizline xapi push: HTTP(S) to a Learning Record Store through libcurl (its header sits in the
# multiarch folder, /usr/include/<triple>/curl/).
{ [ -f /usr/include/curl/curl.h ] || ls /usr/include/*/curl/curl.h >/dev/null 2>&1; } || need+=(libcurl4-openssl-dev)
command -v sixel2png >/dev/null 2>&1 || need+=(libsixel-bin)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
# The schema tests validate with PyPI's jsonschema in a venv (scripts/schemas/validate.sh); flock
# serialises the parallel tests that build it.
command -v python3 >/dev/null 2>&1 || need+=(python3)
{ command -v python3 >/dev/null 2>&1 && python3 -c 'import ensurepip, venv' 2>/dev/null; } || need+=(python3-venv)
command -v flock >/dev/null 2>&1 || need+=(util-linux)
for pkg in "$@"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || need+=("$pkg")
done
[ ${#need[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "quizline: missing system packages: ${need[*]}; install them with your package manager." >&2
  exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo=(sudo -n); else
    echo "quizline: missing ${need[*]}; run as root: apt-get install -y ${need[*]}" >&2
    exit 1
  fi
fi
echo "quizline: installing ${need[*]} with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
# The first try uses the package lists as they are; on a fresh machine they are empty, so its
# "no installation candidate" complaints are expected and hidden, and the lists are fetched.
if ! "${sudo[@]}" apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null 2>&1; then
  "${sudo[@]}" apt-get update -q >/dev/null
  "${sudo[@]}" apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null
fi
