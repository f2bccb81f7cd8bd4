#!/usr/bin/env bash
# How this fixture was made: with uvd and uvctl 0.3.3 (commit 342b92d, the last of 0.3.3, the last release on GRDB),
# on a private session bus with Tests/TestSupport/notification_server.py as the notification
# server, no provider (the clear-sky model answers), for Nairobi at its early afternoon.
#
#   Tests/Fixtures/store-0.3.3/make.sh BIN_DIR_OF_0.3.3 OUT_DIR
#
# It keeps uvd.sqlite (checkpointed: one file) and config.toml, which is what a user of 0.3.3
# has. Not run by the tests: the tests read what it wrote.
set -euo pipefail
bin=$1
out=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
root=$(mktemp -d /tmp/uvd-fixture.XXXXXX)
export HOME=$root/home XDG_RUNTIME_DIR=$root/run TZ=Africa/Nairobi LANG=C.UTF-8
mkdir -p "$HOME/.config/uvd" "$XDG_RUNTIME_DIR"
chmod 0700 "$XDG_RUNTIME_DIR" "$HOME/.config/uvd"
cat >"$HOME/.config/uvd/config.toml" <<'TOML'
# Written for 0.3.3: no providers, so the clear-sky model answers; quiet hours at night.
[providers.cams]
enabled = false

[providers.open-meteo]
enabled = false

[providers.arpansa]
enabled = false

[quiet]
hours = ["22:00-07:00"]

[alerts]
levels = [6, 9]
TOML
chmod 0600 "$HOME/.config/uvd/config.toml"
bus=$root/bus
dbus-daemon --session --address="unix:path=$bus" --nofork --nopidfile >/dev/null 2>&1 &
buspid=$!
trap 'kill $buspid ${serverpid:-} ${uvdpid:-} 2>/dev/null; rm -rf "$root"' EXIT
export DBUS_SESSION_BUS_ADDRESS=unix:path=$bus
for _ in $(seq 50); do [ -S "$bus" ] && break; sleep 0.1; done
/usr/bin/python3 "$here/../../TestSupport/notification_server.py" "$DBUS_SESSION_BUS_ADDRESS" "$root/notes.jsonl" &
serverpid=$!
sleep 1
"$bin/uvd" >"$root/uvd.log" 2>&1 &
uvdpid=$!
for _ in $(seq 100); do "$bin/uvctl" status >/dev/null 2>&1 && break; sleep 0.1; done
uvctl() { "$bin/uvctl" "$@"; }
uvctl profile set --skin-type III --spf 50 --quantity lots
uvctl location add Beach "Mombasa"
uvctl location add Office "Nairobi"
uvctl location set Nairobi
uvctl quiet set 21:30-06:30
uvctl mute morning
uvctl snooze uv-alert 24h
uvctl sunscreen apply --minutes-ago 150
uvctl outside add "$(date -d "-3 hours" +%H:%M)-$(date -d "-2 hours" +%H:%M)"
uvctl outside start
# The reapply reminder is shown and kept in the history.
for _ in $(seq 100); do uvctl history --json | grep -q '"notified"' && break; sleep 0.1; done
uvctl sunscreen apply --spf 30 --quantity medium
for _ in $(seq 100); do uvctl history --json | grep -q '"withdrawn"' && break; sleep 0.1; done
uvctl history
uvctl status
kill -TERM $uvdpid
wait $uvdpid || true
mkdir -p "$out"
cp "$HOME/.local/state/uvd/uvd.sqlite" "$out/uvd.sqlite"
cp "$HOME/.config/uvd/config.toml" "$out/config.toml"
ls "$HOME/.local/state/uvd/"
