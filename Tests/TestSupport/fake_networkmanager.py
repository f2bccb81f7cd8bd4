#!/usr/bin/python3
"""A stand-in for NetworkManager on a private bus, for uvd's tests.

  fake_networkmanager.py BUS_ADDRESS TYPE NAME LOG

Owns org.freedesktop.NetworkManager with a PrimaryConnection that is an active connection of
TYPE (e.g. 802-11-wireless) named NAME. Writes "ready" to LOG once it owns the name.
"""
import sys

from gi.repository import Gio, GLib

sys.dont_write_bytecode = True  # importing the module below must not write a __pycache__ into the source tree
from exit_with_parent import exit_with_parent

XML = """<node>
  <interface name="org.freedesktop.NetworkManager">
    <property name="PrimaryConnection" type="o" access="read"/>
  </interface>
  <interface name="org.freedesktop.NetworkManager.Connection.Active">
    <property name="Type" type="s" access="read"/>
    <property name="Id" type="s" access="read"/>
  </interface>
</node>"""

ACTIVE = "/org/freedesktop/NetworkManager/ActiveConnection/1"


def main() -> None:
    address, kind, name, log_path = sys.argv[1:5]
    log = open(log_path, "a", buffering=1)

    def get(connection, sender, path, interface, prop):
        if prop == "PrimaryConnection":
            return GLib.Variant("o", ACTIVE)
        return GLib.Variant("s", kind if prop == "Type" else name)

    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    connection = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
    node = Gio.DBusNodeInfo.new_for_xml(XML)
    connection.register_object("/org/freedesktop/NetworkManager", node.interfaces[0], None, get, None)
    connection.register_object(ACTIVE, node.interfaces[1], None, get, None)
    Gio.bus_own_name_on_connection(connection, "org.freedesktop.NetworkManager", Gio.BusNameOwnerFlags.NONE,
                                   lambda *_: log.write("ready\n"), None)
    GLib.MainLoop().run()


if __name__ == "__main__":
    exit_with_parent()
    main()
