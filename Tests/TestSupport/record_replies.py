"""Calls a running uvd over its varlink socket with a fixed list of calls and writes each reply
as it came, byte for byte (the NUL that ends it left out), one call per block:

    > io.uvd.GetProfile {}
    < {"parameters":{...}}

Usage: record_replies.py SOCKET OUTPUT [ROOT]
ROOT, when given, is written as $ROOT wherever it appears in a reply (the temporary directory
a test's uvd lives in).
"""
import json
import socket
import sys

CALLS = [
    ("io.uvd.GetProfile", {}),
    ("io.uvd.SetProfile", {"skinType": "IV"}),
    ("io.uvd.GetStatus", {}),
    ("io.uvd.GetForecast", {}),
    ("io.uvd.GetForecast", {"date": "2027-06-15"}),
    ("io.uvd.ListStations", {}),
    ("io.uvd.AddLocation", {"name": "work", "place": "Melbourne"}),
    ("io.uvd.ListLocations", {}),
    ("io.uvd.GetStatus", {"location": "work"}),
    ("io.uvd.RemoveLocation", {"name": "work"}),
    ("io.uvd.SetLocation", {"place": "Brisbane"}),
    ("io.uvd.ClearLocation", {}),
    ("io.uvd.ApplySunscreen", {"spf": "30", "minutesAgo": 20}),
    ("io.uvd.RecordWater", {}),
    ("io.uvd.GetQuiet", {}),
    ("io.uvd.SetQuiet", {"spans": ["22:00-07:00"]}),
    ("io.uvd.QuietNow", {"minutes": 30}),
    ("io.uvd.QuietOff", {}),
    ("io.uvd.SetQuiet", {"reset": True}),
    ("io.uvd.Snooze", {"rule": "dose", "minutes": 5}),
    ("io.uvd.Mute", {"rule": "morning", "today": True}),
    ("io.uvd.Unmute", {"rule": "morning"}),
    ("io.uvd.ListFamily", {}),
    ("io.uvd.AddFamilyMember", {"name": "Leo", "skinType": "I", "born": "2026-09"}),
    ("io.uvd.SetFamilyMember", {"name": "Leo", "spf": "50"}),
    ("io.uvd.SetFamilyOut", {"out": False, "today": True}),
    ("io.uvd.SetFamilyOut", {"out": True}),
    ("io.uvd.RemoveFamilyMember", {"name": "Leo"}),
    ("io.uvd.Outside", {"action": "start"}),
    ("io.uvd.GetDose", {}),
    ("io.uvd.Outside", {"action": "stop"}),
    ("io.uvd.Outside", {"action": "add", "span": "08:00-08:30"}),
    ("io.uvd.GetDose", {"days": 2}),
    ("io.uvd.RemoveSunscreen", {}),
    ("io.uvd.GetConfig", {}),
    # Refusals: each names what was wrong.
    ("io.uvd.SetLocation", {"place": "Xyzzyville"}),
    ("io.uvd.Snooze", {"rule": "nope", "minutes": 5}),
    ("io.uvd.QuietNow", {"minutes": 0}),
    ("io.uvd.ApplySunscreen", {"spf": "12"}),
    ("io.uvd.RemoveSunscreen", {}),
    ("io.uvd.GetForecast", {"date": "2027-02-30"}),
    ("io.uvd.Nope", {}),
    ("io.uvd.GetStatus", {"location": 7}),
]


def call(connection, method, parameters):
    connection.sendall(json.dumps({"method": method, "parameters": parameters}).encode() + b"\0")
    reply = b""
    while not reply.endswith(b"\0"):
        chunk = connection.recv(65536)
        if not chunk:
            raise SystemExit(f"{method}: the connection closed before its reply")
        reply += chunk
    return reply[:-1]


def main():
    path, output = sys.argv[1], sys.argv[2]
    root = sys.argv[3].encode() if len(sys.argv) > 3 else None
    connection = socket.socket(socket.AF_UNIX)
    connection.connect(path)
    with open(output, "wb") as out:
        for method, parameters in CALLS:
            reply = call(connection, method, parameters)
            if root:
                reply = reply.replace(root, b"$ROOT")
            out.write(f"> {method} {json.dumps(parameters, sort_keys=True)}\n".encode())
            out.write(b"< " + reply + b"\n")


main()
