"""Runs a systemd *user* unit's service the way a user manager of a given version would lay out
its file system, where no user manager can run (the tests' machine has no systemd --user).

    user_unit.py --systemd 252|254 UNIT.service

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

Not emulated: the user namespace (the test runs as root), seccomp, PrivateTmp=, PrivateDevices=
and the rest, which do not decide where uvd can write. Exits with the service's status.
"""
import os
import shlex
import subprocess
import sys

NAMESPACE_FAILURE = 226
# What the run ends with when an ExecStartPre= line fails: the manager would restart the unit,
# again and again if the failure is permanent.
RESTART_LOOP = 240


def read_service(path):
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
            if section == "[Service]" and "=" in line:
                key, value = line.split("=", 1)
                settings.setdefault(key, []).append(value)
    return settings


def main():
    version = int(sys.argv[2])
    settings = read_service(sys.argv[3])
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
            os.makedirs(path, exist_ok=True)
            os.chmod(path, mode)
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
            print(f"user_unit: ExecStartPre= exited {status}: Restart= restarts the unit whatever "
                  "RestartPreventExitStatus= says", file=sys.stderr)
            return RESTART_LOOP
    command = sandboxed(shlex.split(expand(settings["ExecStart"][-1])), home, writable, settings, expand)
    if isinstance(command, int):
        return command
    # The service becomes this process (unshare and sh exec it in turn): a signal sent here is the
    # service's, as a manager's would be.
    os.execvpe(command[0], command, environment)


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
    if len(sys.argv) != 4 or sys.argv[1] != "--systemd":
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    sys.exit(main())
