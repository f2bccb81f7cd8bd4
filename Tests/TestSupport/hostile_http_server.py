#!/usr/bin/env python3
"""An HTTP server on a loopback port that misbehaves on purpose, for uvd's HTTP client tests.

    /bomb     gzip-encoded answer that decodes to 256 MiB (a compression bomb)
    /trickle  200 with Content-Length 1000, then one byte every 2 s
    /slow     200 with Content-Length 1000, then one byte every 0.3 s (never stalls, never ends in time)
    /reset    the connection reset as soon as the request arrives
    /silent   the request read, then nothing, for a minute
    /busy     429 with Retry-After: 3600
Prints its port on the first line of standard output.
"""
import gzip
import http.server
import os
import socket
import struct
import sys
import time
import urllib.parse

sys.dont_write_bytecode = True  # importing the module below must not write a __pycache__ into the source tree
from exit_with_parent import exit_with_parent

BOMB = gzip.compress(bytes(256 << 20), compresslevel=9)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        path = urllib.parse.urlsplit(self.path).path
        if path == "/bomb":
            self.send_response(200)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(BOMB)))
            self.end_headers()
            self.wfile.write(BOMB)
        elif path in ("/trickle", "/slow"):
            pause = 2.0 if path == "/trickle" else 0.3
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            for _ in range(1000):
                self.wfile.write(b"x")
                self.wfile.flush()
                time.sleep(pause)
        elif path == "/reset":
            # Linger 0 makes close send RST; the descriptor is closed here, whatever else holds it.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            os.close(self.connection.detach())
            self.close_connection = True
        elif path == "/silent":
            time.sleep(60)
        elif path == "/busy":
            body = b'{"error":true,"reason":"too many requests"}'
            self.send_response(429)
            self.send_header("Retry-After", "3600")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            self.send_error(404)

    def log_message(self, *_):
        pass

    def handle(self):
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError, OSError):
            pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
os.close(1)
exit_with_parent()
server.serve_forever()
