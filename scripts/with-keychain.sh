#!/usr/bin/env bash
# Runs a command with a real, unlocked Secret Service keychain (gnome-keyring on a
# private D-Bus session) whose files live in a temporary XDG directory, so tests
# use a real keychain and leave nothing in the user's home.
set -euo pipefail
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null; then
    echo "with-keychain: '$tool' is missing; install the Debian packages dbus and gnome-keyring (.ci/run does)." >&2
    exit 1
  fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/data" "$tmp/run" "$tmp/config"
chmod 700 "$tmp/run"
export XDG_DATA_HOME="$tmp/data" XDG_RUNTIME_DIR="$tmp/run" XDG_CONFIG_HOME="$tmp/config"
# "Failed to set fd limit" from the daemon is harmless noise.
dbus-run-session -- bash -c 'echo -n cow-desk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"' keychain "$@"
