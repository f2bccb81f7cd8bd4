#!/usr/bin/python3
"""An older uvd on a varlink socket, for uvctl's version-skew test: it holds the instance lock
as uvd does, answers org.varlink.service.GetInfo with VERSION, and answers every io.uvd call
with org.varlink.service.MethodNotFound, as a uvd that does not know the call; with STATUS (a
file holding a status object, as `uvctl status --json` prints it), io.uvd.GetStatus with that.
It writes "ready" to standard output, then a line "connection" for each connection it accepts.

  older_uvd.py RUNTIME_DIR/uvd VERSION [STATUS]
"""
import fcntl
import json
import os
import socket
import sys
import threading

directory, version = sys.argv[1], sys.argv[2]
status = json.load(open(sys.argv[3])) if len(sys.argv) > 3 else None
lock = os.open(os.path.join(directory, "uvd.lock"), os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(lock, fcntl.LOCK_EX)
path = os.path.join(directory, "io.uvd")
server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
server.bind(path)
os.chmod(path, 0o600)
server.listen(8)
print("ready", flush=True)


def serve(connection):
    buffer = b""
    while True:
        chunk = connection.recv(65536)
        if not chunk:
            break
        buffer += chunk
        while b"\0" in buffer:
            message, buffer = buffer.split(b"\0", 1)
            method = json.loads(message).get("method", "")
            if method == "org.varlink.service.GetInfo":
                reply = {"parameters": {"vendor": "uvd", "product": "uvd", "version": version, "url": "https://example.invalid",
                                        "interfaces": ["org.varlink.service", "io.uvd"]}}
            elif method == "io.uvd.GetStatus" and status is not None:
                reply = {"parameters": {"status": status}}
            else:
                reply = {"error": "org.varlink.service.MethodNotFound", "parameters": {"method": method}}
            connection.sendall(json.dumps(reply).encode() + b"\0")
    connection.close()


while True:
    # Each connection on a thread of its own: uvctl asks the version on a second one while the
    # first is open.
    connection = server.accept()[0]
    print("connection", flush=True)
    threading.Thread(target=serve, args=(connection,), daemon=True).start()
