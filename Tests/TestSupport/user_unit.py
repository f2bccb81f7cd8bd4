"""Runs a systemd *user* unit's service the way a user manager of a given version would lay out
its file system, where no user manager can run (the tests' machine has no systemd --user).

    user_unit.py --systemd 252|254 UNIT.service
    user_unit.py --systemd 252|254 --restarts UNIT.service

With --restarts the service is started as the manager would start it again and again: after each
failure, RestartSec= later on a clock of its own (nothing waits), until it runs and exits 0, fails
with a status Restart= does not restart on, or hits the start limit. It says which on its last
line, and how many starts it took over how many seconds.

The manager's environment is this process's (HOME, XDG_CONFIG_HOME, XDG_STATE_HOME,
XDG_RUNTIME_DIR). What is emulated, from systemd.exec(5) and systemd.unit(5) of each version:

- the exec directories: RuntimeDirectory= below $XDG_RUNTIME_DIR, ConfigurationDirectory= below
  $XDG_CONFIG_HOME, StateDirectory= below $XDG_CONFIG_HOME before v254 and $XDG_STATE_HOME from
  it (systemd#28168); made with their modes before any Exec line, exported as $..._DIRECTORY, and
  writable in the sandbox;
- the specifiers %h, %t, %E and %S (%S as StateDirectory=);
- ExecStartPre= lines, "+" ones outside the sandbox; one that fails ends the run with
  RESTART_LOOP (240), since Restart=on-failure restarts the unit whatever it returned:
  RestartPreventExitStatus= applies only to the main process (systemd.service(5): "when
  returned by the main service process"; tried under a real 252 user manager: 8 restarts in
  41 s);
- ProtectHome=read-only and ProtectSystem=strict, for the one tree the test owns: $HOME is
  made read-only in a private mount namespace, then each writable path is bound read-write over
  it again; a ReadWritePaths= entry that does not exist fails the unit with 226/NAMESPACE
  unless it has the "-" prefix.

- the restarts (with --restarts): Restart=on-failure, RestartSec=, RestartPreventExitStatus= for
  the main process only, and the start limit of systemd.unit(5), StartLimitIntervalSec= and
  StartLimitBurst= in [Unit] (a user manager's defaults: 10 s and 5); a start beyond the limit
  ends the unit failed ("start-limit-hit");
- an exec directory the manager cannot make (a file where ~/.local/state should be) fails the
  start before any Exec line with its status: 233/RUNTIME_DIRECTORY, 238/STATE_DIRECTORY,
  241/CONFIGURATION_DIRECTORY.

Not emulated: the user namespace (the test runs as root), seccomp, PrivateTmp=, PrivateDevices=
and the rest, which do not decide where uvd can write. Exits with the service's status.
"""
import os
import shlex
import subprocess
import sys

NAMESPACE_FAILURE = 226
DIRECTORY_FAILURES = {"RuntimeDirectory": 233, "StateDirectory": 238, "ConfigurationDirectory": 241}
# With --restarts: the unit ended failed by the start limit.
START_LIMIT_HIT = 1
# What the run ends with when an ExecStartPre= line fails: the manager would restart the unit,
# again and again if the failure is permanent.
RESTART_LOOP = 240


def read_service(path, wanted="[Service]"):
    settings = {}
    section = None
    with open(path) as unit:
        for raw in unit:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                section = line
                continue
            if section == wanted and "=" in line:
                key, value = line.split("=", 1)
                settings.setdefault(key, []).append(value)
    return settings


def seconds(text):
    """A systemd time span as a number of seconds: 5s, 1min, 100ms, 2min 30s, or a bare number."""
    total = 0.0
    for part in text.split():
        for suffix, factor in (("ms", 0.001), ("min", 60), ("s", 1), ("h", 3600)):
            if part.endswith(suffix):
                total += float(part[: -len(suffix)]) * factor
                break
        else:
            total += float(part)
    return total


def start_once(version, settings, run_main):
    """One start: the exec directories, ExecStartPre=, then ExecStart= (exec'd when `run_main`
    is false, so that the service becomes this process). Returns (status, whether the main
    process gave it)."""
    home = os.environ["HOME"]
    config_home = os.environ.get("XDG_CONFIG_HOME", f"{home}/.config")
    state_home = os.environ.get("XDG_STATE_HOME", f"{home}/.local/state")
    runtime = os.environ["XDG_RUNTIME_DIR"]
    state_root = state_home if version >= 254 else config_home
    specifiers = {"%h": home, "%t": runtime, "%E": config_home, "%S": state_root, "%%": "%"}

    def expand(text):
        for key, value in specifiers.items():
            text = text.replace(key, value)
        return text

    environment = dict(os.environ)
    writable = []
    for key, root, variable in (("RuntimeDirectory", runtime, "RUNTIME_DIRECTORY"),
                                ("ConfigurationDirectory", config_home, "CONFIGURATION_DIRECTORY"),
                                ("StateDirectory", state_root, "STATE_DIRECTORY")):
        for name in " ".join(settings.get(key, [])).split():
            path = os.path.join(root, name)
            mode = int(settings.get(key + "Mode", ["0755"])[-1], 8)
            try:
                os.makedirs(path, exist_ok=True)
                os.chmod(path, mode)
            except OSError as error:
                print(f"user_unit: Failed to set up special execution directory in {root}: {error.strerror}: "
                      f"{DIRECTORY_FAILURES[key]}", file=sys.stderr)
                return DIRECTORY_FAILURES[key], False
            environment[variable] = path
            writable.append(path)

    for line in settings.get("ExecStartPre", []):
        privileged = line.startswith("+")
        command = shlex.split(expand(line.lstrip("+-")))
        if privileged:
            status = subprocess.call(command, env=environment)
        else:
            line = sandboxed(command, home, writable, settings, expand)
            status = line if isinstance(line, int) else subprocess.call(line, env=environment)
        if status != 0:
            print(f"user_unit: ExecStartPre= exited {status}", file=sys.stderr)
            return status, False
    command = sandboxed(shlex.split(expand(settings["ExecStart"][-1])), home, writable, settings, expand)
    if isinstance(command, int):
        return command, False
    if run_main:
        status = subprocess.call(command, env=environment)
        # A signal is the main process's failure too (Restart=on-failure restarts on it).
        return (128 - status if status < 0 else status), True
    # The service becomes this process (unshare and sh exec it in turn): a signal sent here is the
    # service's, as a manager's would be.
    os.execvpe(command[0], command, environment)


def main():
    version = int(sys.argv[2])
    restarts = sys.argv[3] == "--restarts"
    unit = sys.argv[-1]
    settings = read_service(unit)
    if not restarts:
        status, main_process = start_once(version, settings, run_main=False)
        if not main_process and status != 0 and status != NAMESPACE_FAILURE:
            print("user_unit: a start that fails before the main process is restarted whatever "
                  "RestartPreventExitStatus= says", file=sys.stderr)
            return RESTART_LOOP
        return status
    unit_settings = read_service(unit, "[Unit]")
    restart = settings.get("Restart", ["no"])[-1]
    restart_seconds = seconds(settings.get("RestartSec", ["100ms"])[-1])
    prevented = {int(code) for code in " ".join(settings.get("RestartPreventExitStatus", [])).split() if code.isdigit()}
    interval = seconds(unit_settings.get("StartLimitIntervalSec", ["10s"])[-1])
    burst = int(unit_settings.get("StartLimitBurst", ["5"])[-1])
    clock, starts, count = 0.0, [], 0
    while True:
        starts = [start for start in starts if clock - start < interval]
        if interval > 0 and len(starts) >= burst:
            print(f"user_unit: failed (start-limit-hit) after {count} starts in {clock:.0f} s", file=sys.stderr)
            return START_LIMIT_HIT
        starts.append(clock)
        count += 1
        status, main_process = start_once(version, settings, run_main=True)
        if status == 0:
            print(f"user_unit: ran and exited 0 after {count} starts in {clock:.0f} s", file=sys.stderr)
            return 0
        if restart not in ("on-failure", "always", "on-abnormal") or (main_process and status in prevented):
            print(f"user_unit: failed with status {status}, not restarted, after {count} starts in {clock:.0f} s",
                  file=sys.stderr)
            return status
        if clock > 120:
            print(f"user_unit: still restarting after {count} starts in {clock:.0f} s", file=sys.stderr)
            return RESTART_LOOP
        clock += restart_seconds


def sandboxed(command, home, writable, settings, expand):
    """The command line that runs `command` in the sandbox, or the unit's failure status."""
    paths = list(writable)
    for entry in " ".join(settings.get("ReadWritePaths", [])).split():
        optional = entry.startswith("-")
        path = expand(entry.lstrip("-"))
        if os.path.exists(path):
            paths.append(path)
        elif not optional:
            print(f"user_unit: ReadWritePaths={path} does not exist: 226/NAMESPACE", file=sys.stderr)
            return NAMESPACE_FAILURE
    protect = settings.get("ProtectHome", ["no"])[-1] in ("read-only", "yes", "tmpfs") or \
        settings.get("ProtectSystem", ["no"])[-1] == "strict"
    script = ["set -e"]
    if protect:
        script.append(f"mount --bind {shlex.quote(home)} {shlex.quote(home)}")
        script.append(f"mount -o remount,bind,ro {shlex.quote(home)}")
        for path in paths:
            script.append(f"mount --bind {shlex.quote(path)} {shlex.quote(path)}")
            script.append(f"mount -o remount,bind,rw {shlex.quote(path)}")
    script.append("exec " + " ".join(shlex.quote(part) for part in command))
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", "\n".join(script)]


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5) or sys.argv[1] != "--systemd" or (len(sys.argv) == 5 and sys.argv[3] != "--restarts"):
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    sys.exit(main())
