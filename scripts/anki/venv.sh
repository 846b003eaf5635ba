# The Anki venv shared by verify.sh and make-decks.sh (sourced, POSIX sh): PyPI's `anki`, the FSRS
# reference `fsrs` and `libfaketime` (answering cards with Anki at chosen times), at pinned versions,
# in .build/anki-venv. Sets $venv.
. "$root/scripts/lib/venv.sh"
venv="$root/.build/anki-venv"
anki_version=26.9.3
fsrs_version=6.3.2
faketime_version=3.0.1
install_anki() {
  if ! "$1" install --quiet --disable-pip-version-check "anki==$anki_version" "fsrs==$fsrs_version" \
    "libfaketime==$faketime_version"; then
    echo "could not install anki==$anki_version, fsrs==$fsrs_version and libfaketime==$faketime_version from PyPI into $venv" >&2
    return 1
  fi
}
ensure_venv "$venv" "import sys, anki, fsrs, libfaketime, importlib.metadata as m; sys.exit(0 if (m.version('anki'), m.version('fsrs'), m.version('libfaketime')) == ('$anki_version', '$fsrs_version', '$faketime_version') else 1)" install_anki || exit 2
