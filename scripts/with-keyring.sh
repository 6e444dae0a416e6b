#!/bin/sh
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring, so keychain tests
# use a real Secret Service without touching the user's own keyring. Without dbus-run-session or
# gnome-keyring-daemon the command runs as is (the tests then exercise the no-keychain path).
# Usage: sh scripts/with-keyring.sh <command> [args...]
set -eu

if [ "$#" -eq 0 ]; then
  echo "usage: sh scripts/with-keyring.sh <command> [args...]" >&2
  exit 2
fi

# npm puts node_modules/.bin on PATH for scripts; make that true for direct calls too.
root=$(cd "$(dirname "$0")/.." && pwd)
PATH="$root/node_modules/.bin:$PATH"
export PATH

if ! command -v dbus-run-session >/dev/null 2>&1 || ! command -v gnome-keyring-daemon >/dev/null 2>&1; then
  # On CI the keychain tests are part of the suite: a machine without a Secret Service fails them.
  if [ -n "${CI:-}" ]; then
    echo "with-keyring: dbus-run-session or gnome-keyring-daemon not found, and CI needs the keychain tests (apt-get install dbus gnome-keyring)" >&2
    exit 1
  fi
  echo "with-keyring: dbus-run-session or gnome-keyring-daemon not found; running without a Secret Service" >&2
  exec "$@"
fi

# The keyring files go to a throw-away folder, never the home directory.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/naric-keyring.XXXXXX")
trap 'rm -rf "$scratch"' EXIT INT TERM
mkdir -p "$scratch/data" "$scratch/runtime"
chmod 700 "$scratch/runtime"

status=0
XDG_DATA_HOME="$scratch/data" XDG_RUNTIME_DIR="$scratch/runtime" \
  dbus-run-session -- sh -c '
    # The password only unlocks this throw-away keyring.
    printf %s naric-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
    NARIC_KEYRING_EXPECTED=1 "$@"
  ' with-keyring "$@" || status=$?
exit "$status"
