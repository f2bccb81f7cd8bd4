"""A uvd in private XDG directories for the stress scripts: start, ask, measure, stop."""
import os
import socket
import subprocess
import time


class Sandbox:
    """uvd with its own HOME and XDG directories under `home`, configured by `config` (TOML)."""

    def __init__(self, home: str, build: str, config: str, zone: str = "Australia/Sydney"):
        self.home, self.build = home, build
        for sub in ("config/uvd", "state", "cache", "run"):
            os.makedirs(os.path.join(home, sub), mode=0o700, exist_ok=True)
        with open(os.path.join(home, "config/uvd/config.toml"), "w") as file:
            file.write(config)
        self.environment = dict(os.environ, HOME=home, TZ=zone, XDG_CONFIG_HOME=f"{home}/config",
                                XDG_STATE_HOME=f"{home}/state", XDG_CACHE_HOME=f"{home}/cache",
                                XDG_RUNTIME_DIR=f"{home}/run")
        self.environment.pop("DBUS_SESSION_BUS_ADDRESS", None)
        self.socket = f"{home}/run/uvd/io.uvd"
        self.process = None

    def start(self, timeout: float = 30) -> bool:
        """Starts uvd and waits until it answers; false if it exited or never answered."""
        with open(os.path.join(self.home, "uvd.log"), "a") as log:
            self.process = subprocess.Popen([os.path.join(self.build, "uvd")], env=self.environment, stdout=log, stderr=log)
        deadline = time.time() + timeout
        while time.time() < deadline and self.alive():
            try:
                self.call("io.uvd.GetStatus")
                return True
            except OSError:
                time.sleep(0.05)
        return False

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def call(self, method: str, oneway: bool = False) -> bytes:
        """One varlink call on the control socket; the reply (nothing for a oneway call)."""
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
            connection.settimeout(10)
            for _ in range(100):
                try:
                    connection.connect(self.socket)
                    break
                except BlockingIOError:  # the listen backlog is full: uvd has yet to accept
                    time.sleep(0.01)
            else:
                raise TimeoutError(f"{self.socket}: the listen backlog stayed full")
            flags = ',"oneway":true,"more":true' if oneway else ""
            connection.sendall(f'{{"method":"{method}"{flags}}}'.encode() + b"\0")
            if oneway:
                return b""
            reply = b""
            while not reply.endswith(b"\0"):
                chunk = connection.recv(65536)
                if not chunk:
                    break
                reply += chunk
            return reply

    def timed_status(self) -> float:
        """Seconds uvd takes to answer GetStatus; raises if the answer is not a reply."""
        started = time.monotonic()
        reply = self.call("io.uvd.GetStatus")
        elapsed = time.monotonic() - started
        if b'"parameters"' not in reply:
            raise RuntimeError(f"GetStatus answered {reply[:200]!r}")
        return elapsed

    def rss_mb(self) -> float:
        with open(f"/proc/{self.process.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024

    def descriptors(self) -> int:
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def uvctl(self, *arguments) -> subprocess.CompletedProcess:
        return subprocess.run([os.path.join(self.build, "uvctl"), *arguments], env=self.environment, capture_output=True, timeout=120)

    def stop(self) -> int:
        """SIGTERM, and uvd's exit status."""
        if self.process is None:
            return 0
        self.process.terminate()
        try:
            return self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return -9
