#!/usr/bin/env python3
"""A local stand-in for the UV providers, for uvd's tests.

Serves fixture files at provider paths, with ETag/304, scripted error statuses and a log of
every request. Prints its port on the first line of standard output, then serves until killed.

  fixture_server.py --route /v1/forecast=FILE [--route PATH=FILE ...]
                    [--fail PATH=STATUS[:RETRY_AFTER]] [--rebase-today] [--log FILE]

Every JSON answer is for the place asked (its echoed coordinate is the request's). --rebase-today moves every date in an Open-Meteo answer so that its first hourly day is today at
the answer's own UTC offset (and every Unix time in an OpenWeatherMap answer so that current.dt
is now, and every date in ARPANSA's XML yesterday), keeping the shape and values: real answers, never "far from now".
"""
import argparse
import datetime
import hashlib
import http.server
import json
import os
import re
import sys
import time
import urllib.parse

sys.dont_write_bytecode = True  # importing the module below must not write a __pycache__ into the source tree
from exit_with_parent import exit_with_parent


def rebase_unix(answer: dict) -> bytes:
    """OpenWeatherMap: moves every Unix time so that `current.dt` is now."""
    delta = int(datetime.datetime.now(datetime.timezone.utc).timestamp()) - answer["current"]["dt"]

    def shift(node):
        if isinstance(node, dict):
            return {k: (v + delta if k in ("dt", "sunrise", "sunset") and isinstance(v, int) else shift(v)) for k, v in node.items()}
        if isinstance(node, list):
            return [shift(v) for v in node]
        return node

    return json.dumps(shift(answer)).encode("utf-8")


def rebase_xml(body: bytes) -> bytes:
    """ARPANSA: every date becomes yesterday (UTC), in both of the feed's date forms: the
    measurements keep their times of day and are never from the future, which uvd refuses."""
    today = datetime.datetime.now(datetime.timezone.utc).date() - datetime.timedelta(days=1)
    text = body.decode("utf-8")
    text = re.sub(r"\d{2}/\d{2}/\d{4}", today.strftime("%d/%m/%Y"), text)
    text = re.sub(r"\d{4}/\d{2}/\d{2}", today.strftime("%Y/%m/%d"), text)
    return text.encode("utf-8")


def rebase(body: bytes) -> bytes:
    """Moves every date so that the first hourly (else current, else first) date is today at the
    answer's own UTC offset."""
    text = body.decode("utf-8")
    answer = json.loads(text)
    if isinstance(answer.get("current"), dict) and "dt" in answer["current"]:
        return rebase_unix(answer)
    anchor = (answer.get("hourly") or {}).get("time", [None])[0] or (answer.get("current") or {}).get("time")
    dates = re.findall(r"\d{4}-\d{2}-\d{2}", text)
    if not dates:
        return body
    first = datetime.date.fromisoformat((anchor or min(dates))[:10])
    offset = datetime.timedelta(seconds=answer.get("utc_offset_seconds", 0))
    delta = (datetime.datetime.now(datetime.timezone.utc) + offset).date() - first
    return re.sub(
        r"\d{4}-\d{2}-\d{2}",
        lambda m: (datetime.date.fromisoformat(m.group(0)) + delta).isoformat(),
        text,
    ).encode("utf-8")


def answer_for(body: bytes, query: dict) -> bytes:
    """A JSON answer for the place asked, as a provider gives it: its echoed coordinate (Open-Meteo's
    latitude/longitude, OpenWeatherMap's lat/lon) becomes the request's, so that a fixture recorded
    elsewhere is not refused as an answer for another place."""
    text = body.decode("utf-8")
    for asked, echoed in (("latitude", "latitude"), ("longitude", "longitude"), ("lat", "lat"), ("lon", "lon")):
        value = query.get(asked)
        if value is not None and re.fullmatch(r"-?\d+(\.\d+)?", value):
            text = re.sub(r'"%s"\s*:\s*-?[\d.]+' % echoed, '"%s":%s' % (echoed, value), text, count=1)
    return text.encode("utf-8")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--route", action="append", default=[])
    parser.add_argument("--fail", action="append", default=[])
    parser.add_argument("--hang", action="append", default=[])
    parser.add_argument("--rebase-today", action="store_true")
    parser.add_argument("--log")
    args = parser.parse_args()
    routes = dict(r.split("=", 1) for r in args.route)
    failures = dict(f.split("=", 1) for f in args.fail)

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            url = urllib.parse.urlsplit(self.path)
            if args.log:
                with open(args.log, "a") as log:
                    log.write(json.dumps({
                        "path": url.path,
                        "query": dict(urllib.parse.parse_qsl(url.query)),
                        "userAgent": self.headers.get("User-Agent"),
                        "ifNoneMatch": self.headers.get("If-None-Match"),
                    }) + "\n")
            if url.path in args.hang:
                time.sleep(120)
                return
            if url.path in failures:
                spec, _, delay = failures[url.path].partition("@")
                if delay:
                    time.sleep(float(delay))
                status, _, retry = spec.partition(":")
                body = b'{"error":true,"reason":"scripted failure"}'
                self.send_response(int(status))
                if retry:
                    self.send_header("Retry-After", retry)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            if url.path not in routes:
                self.send_error(404)
                return
            with open(routes[url.path], "rb") as f:
                body = f.read()
            if args.rebase_today:
                body = rebase(body) if routes[url.path].endswith(".json") else rebase_xml(body)
            if routes[url.path].endswith(".json"):
                body = answer_for(body, dict(urllib.parse.parse_qsl(url.query)))
            etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    os.close(1)  # end of the port line for the reader; sys.stdout.close() leaves fd 1 open
    server.serve_forever()


if __name__ == "__main__":
    exit_with_parent()
    main()
