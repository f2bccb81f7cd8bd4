#!/usr/bin/python3
"""A stand-in for GeoClue2 on a private bus, for uvd's tests.

  fake_geoclue.py BUS_ADDRESS LATITUDE LONGITUDE LOG [--no-fix]

Owns org.freedesktop.GeoClue2 with a Manager, one Client and one Location, as GeoClue does.
As GeoClue does, the Client finds its position a while after Start (here 300 ms): only then is
its Location set and LocationUpdated sent; a client that polled Location at once would see "/".
With --no-fix it never finds one. Every property set and method call is written to LOG, one
line each.
"""
import sys

from gi.repository import Gio, GLib

sys.dont_write_bytecode = True  # importing the module below must not write a __pycache__ into the source tree
from exit_with_parent import exit_with_parent

XML = """<node>
  <interface name="org.freedesktop.GeoClue2.Manager">
    <method name="GetClient"><arg type="o" direction="out"/></method>
  </interface>
  <interface name="org.freedesktop.GeoClue2.Client">
    <method name="Start"/>
    <method name="Stop"/>
    <property name="Location" type="o" access="read"/>
    <property name="DesktopId" type="s" access="readwrite"/>
    <property name="RequestedAccuracyLevel" type="u" access="readwrite"/>
    <signal name="LocationUpdated"><arg type="o" name="old"/><arg type="o" name="new"/></signal>
  </interface>
  <interface name="org.freedesktop.GeoClue2.Location">
    <property name="Latitude" type="d" access="read"/>
    <property name="Longitude" type="d" access="read"/>
  </interface>
</node>"""

CLIENT = "/org/freedesktop/GeoClue2/Client/1"
LOCATION = "/org/freedesktop/GeoClue2/Client/1/Location/1"


def main() -> None:
    address, latitude, longitude, log_path = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
    fixes = "--no-fix" not in sys.argv[5:]
    state = {"started": False, "DesktopId": "", "RequestedAccuracyLevel": 0}
    log = open(log_path, "a", buffering=1)

    def call(connection, sender, path, interface, method, parameters, invocation):
        log.write(f"call {method}\n")
        if method == "GetClient":
            invocation.return_value(GLib.Variant("(o)", (CLIENT,)))
            return
        invocation.return_value(None)
        if method == "Start" and fixes:
            GLib.timeout_add(300, found, connection)
        else:
            state["started"] = False

    def found(connection):
        state["started"] = True
        connection.emit_signal(None, CLIENT, "org.freedesktop.GeoClue2.Client", "LocationUpdated", GLib.Variant("(oo)", ("/", LOCATION)))
        log.write("signal LocationUpdated\n")
        return False

    def get(connection, sender, path, interface, name):
        if name == "Location":
            return GLib.Variant("o", LOCATION if state["started"] else "/")
        if name == "Latitude":
            return GLib.Variant("d", latitude)
        if name == "Longitude":
            return GLib.Variant("d", longitude)
        if name == "DesktopId":
            return GLib.Variant("s", state["DesktopId"])
        return GLib.Variant("u", state["RequestedAccuracyLevel"])

    def set_(connection, sender, path, interface, name, value):
        state[name] = value.unpack()
        log.write(f"set {name}={state[name]}\n")
        return True

    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    connection = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
    node = Gio.DBusNodeInfo.new_for_xml(XML)
    connection.register_object("/org/freedesktop/GeoClue2/Manager", node.interfaces[0], call, get, set_)
    connection.register_object(CLIENT, node.interfaces[1], call, get, set_)
    connection.register_object(LOCATION, node.interfaces[2], call, get, set_)
    Gio.bus_own_name_on_connection(connection, "org.freedesktop.GeoClue2", Gio.BusNameOwnerFlags.NONE, None, None)
    log.write("ready\n")
    GLib.MainLoop().run()


if __name__ == "__main__":
    exit_with_parent()
    main()
