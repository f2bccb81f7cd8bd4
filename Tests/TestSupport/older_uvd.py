#!/usr/bin/python3
"""An older uvd on a varlink socket, for uvctl's version-skew test: it holds the instance lock
as uvd does, answers org.varlink.service.GetInfo with VERSION, and answers every io.uvd call
with org.varlink.service.MethodNotFound, as a uvd that does not know the call.

  older_uvd.py RUNTIME_DIR/uvd VERSION
"""
import fcntl
import json
import os
import socket
import sys
import threading

directory, version = sys.argv[1], sys.argv[2]
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
            else:
                reply = {"error": "org.varlink.service.MethodNotFound", "parameters": {"method": method}}
            connection.sendall(json.dumps(reply).encode() + b"\0")
    connection.close()


while True:
    # Each connection on a thread of its own: uvctl asks the version on a second one while the
    # first is open.
    threading.Thread(target=serve, args=(server.accept()[0],), daemon=True).start()
