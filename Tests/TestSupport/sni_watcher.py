#!/usr/bin/python3
"""A StatusNotifierWatcher stand-in for uvd's tray tests, and a host's calls on an item.

  sni_watcher.py BUS_ADDRESS LOG            own org.kde.StatusNotifierWatcher; write each
                                            RegisterStatusNotifierItem as a JSON line to LOG
  sni_watcher.py --read BUS_ADDRESS NAME    print every property of NAME's /StatusNotifierItem,
                                            its menu's layout and properties, as one JSON object
  sni_watcher.py --click BUS_ADDRESS NAME ID    send the menu's Event(ID, "clicked") as a host does
  sni_watcher.py --activate BUS_ADDRESS NAME    call Activate(0, 0) on the item

It implements the watcher's interface as the KDE/freedesktop specification gives it
(RegisterStatusNotifierItem, RegisterStatusNotifierHost, RegisteredStatusNotifierItems,
IsStatusNotifierHostRegistered, ProtocolVersion) and emits StatusNotifierItemRegistered.
"""
import base64
import json
import sys

from gi.repository import Gio, GLib

WATCHER_XML = """
<node><interface name='org.kde.StatusNotifierWatcher'>
<method name='RegisterStatusNotifierItem'><arg type='s' direction='in'/></method>
<method name='RegisterStatusNotifierHost'><arg type='s' direction='in'/></method>
<property name='RegisteredStatusNotifierItems' type='as' access='read'/>
<property name='IsStatusNotifierHostRegistered' type='b' access='read'/>
<property name='ProtocolVersion' type='i' access='read'/>
<signal name='StatusNotifierItemRegistered'><arg type='s'/></signal>
<signal name='StatusNotifierItemUnregistered'><arg type='s'/></signal>
<signal name='StatusNotifierHostRegistered'/>
</interface></node>
"""

ITEM_PROPERTIES = ["Category", "Id", "Title", "Status", "WindowId", "IconName", "IconPixmap", "OverlayIconName",
                   "OverlayIconPixmap", "AttentionIconName", "AttentionIconPixmap", "AttentionMovieName", "ToolTip",
                   "ItemIsMenu", "Menu", "IconAccessibleDesc", "AttentionAccessibleDesc"]


def connect(address):
    return Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)


def plain(value):
    """A GVariant's value as JSON can hold it (bytes as base64)."""
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def read(address, name):
    bus = connect(address)
    result = {}
    for prop in ITEM_PROPERTIES:
        reply = bus.call_sync(name, "/StatusNotifierItem", "org.freedesktop.DBus.Properties", "Get",
                              GLib.Variant("(ss)", ("org.kde.StatusNotifierItem", prop)), None, 0, 2000, None)
        value = reply.unpack()[0]
        if prop.endswith("IconPixmap"):
            value = [[w, h, base64.b64encode(bytes(data)).decode()] for (w, h, data) in value]
        result[prop] = plain(value)
    layout = bus.call_sync(name, result["Menu"], "com.canonical.dbusmenu", "GetLayout",
                           GLib.Variant("(iias)", (0, -1, [])), None, 0, 2000, None).unpack()
    result["MenuRevision"] = layout[0]
    result["MenuItems"] = [{"id": child[0], **plain(child[1])} for child in layout[1][2]]
    groups = bus.call_sync(name, result["Menu"], "com.canonical.dbusmenu", "GetGroupProperties",
                           GLib.Variant("(aias)", ([item["id"] for item in result["MenuItems"]], [])), None, 0, 2000, None).unpack()
    result["GroupProperties"] = len(groups[0])
    for prop in ["Version", "TextDirection", "Status", "IconThemePath"]:
        reply = bus.call_sync(name, result["Menu"], "org.freedesktop.DBus.Properties", "Get",
                              GLib.Variant("(ss)", ("com.canonical.dbusmenu", prop)), None, 0, 2000, None)
        result["Menu" + prop] = plain(reply.unpack()[0])
    print(json.dumps(result))


def click(address, name, item):
    bus = connect(address)
    bus.call_sync(name, "/MenuBar", "com.canonical.dbusmenu", "AboutToShow", GLib.Variant("(i)", (0,)), None, 0, 2000, None)
    bus.call_sync(name, "/MenuBar", "com.canonical.dbusmenu", "Event",
                  GLib.Variant("(isvu)", (item, "clicked", GLib.Variant("s", ""), 0)), None, 0, 2000, None)


def activate(address, name):
    connect(address).call_sync(name, "/StatusNotifierItem", "org.kde.StatusNotifierItem", "Activate",
                               GLib.Variant("(ii)", (0, 0)), None, 0, 2000, None)


def serve(address, log_path):
    bus = connect(address)
    node = Gio.DBusNodeInfo.new_for_xml(WATCHER_XML)
    items = []

    def on_call(connection, sender, path, interface, method, parameters, invocation):
        if method == "RegisterStatusNotifierItem":
            service = parameters.unpack()[0]
            items.append(service)
            with open(log_path, "a") as log:
                log.write(json.dumps({"register": service, "sender": sender}) + "\n")
            connection.emit_signal(None, path, interface, "StatusNotifierItemRegistered", GLib.Variant("(s)", (service,)))
        invocation.return_value(None)

    def on_get(connection, sender, path, interface, name):
        if name == "RegisteredStatusNotifierItems":
            return GLib.Variant("as", items)
        if name == "IsStatusNotifierHostRegistered":
            return GLib.Variant("b", True)
        return GLib.Variant("i", 0)

    bus.register_object("/StatusNotifierWatcher", node.interfaces[0], on_call, on_get, None)
    Gio.bus_own_name_on_connection(bus, "org.kde.StatusNotifierWatcher", Gio.BusNameOwnerFlags.NONE, None, None)
    GLib.MainLoop().run()


if __name__ == "__main__":
    if sys.argv[1] == "--read":
        read(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "--click":
        click(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif sys.argv[1] == "--activate":
        activate(sys.argv[2], sys.argv[3])
    else:
        serve(sys.argv[1], sys.argv[2])
