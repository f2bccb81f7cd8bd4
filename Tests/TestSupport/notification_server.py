#!/usr/bin/python3
"""A notification server that records, for uvd's tests.

  notification_server.py BUS_ADDRESS LOG [--no-actions] [--name NAME] [--notify-delay SECONDS]
  notification_server.py --invoke BUS_ADDRESS ID KEY     press button KEY on notification ID
  notification_server.py --dismiss BUS_ADDRESS ID        close it as the user would
  notification_server.py --click BUS_ADDRESS ID          click it as GNOME Shell 43 handles a click
  notification_server.py --swaync-dnd BUS_ADDRESS on|off  swaync's SetDnd, as swaync-client calls it

With --name SwayNotificationCenter it also stands for swaync's control center (the name
org.erikreider.swaync.cc): GetDnd, and SetDnd, which emits Subscribe(count, dnd, cc_open) as
swaync 0.7 does.

--name answers GetServerInformation with NAME (e.g. gnome-shell). A click follows GNOME Shell
43's js/ui/messageTray.js and notificationDaemon.js: ActionInvoked(id, "default") when the
notification has that action, else the application its desktop-entry hint names is launched
(recorded as "LaunchedApplication"); then, the notification not being resident, it is destroyed
as dismissed (NotificationClosed reason 2).

Owns org.freedesktop.Notifications on the bus and answers Notify, CloseNotification,
GetCapabilities and GetServerInformation as the freedesktop specification says. Every Notify and
CloseNotification is written to LOG as one JSON line. A test presses a button by calling
org.uvd.Test.Invoke(id, key) on the same object: the server then emits ActionInvoked from its
own connection, as a real server does (clients ignore the signal from anyone else).
"""
import json
import time
import sys

from gi.repository import Gio, GLib

sys.dont_write_bytecode = True  # importing the module below must not write a __pycache__ into the source tree
from exit_with_parent import exit_with_parent

XML = """<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
    <property name="Inhibited" type="b" access="read"/>
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/>
    </method>
    <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
    <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
  </interface>
  <interface name="org.uvd.Test">
    <method name="Invoke"><arg type="u" direction="in"/><arg type="s" direction="in"/></method>
    <method name="Dismiss"><arg type="u" direction="in"/></method>
    <method name="Click"><arg type="u" direction="in"/></method>
    <method name="SetInhibited"><arg type="b" direction="in"/></method>
    <method name="Expire"><arg type="u" direction="in"/></method>
  </interface>
</node>"""

PATH = "/org/freedesktop/Notifications"
INTERFACE = "org.freedesktop.Notifications"
SWAYNC = "org.erikreider.swaync.cc"
SWAYNC_PATH = "/org/erikreider/swaync/cc"
SWAYNC_XML = """<node><interface name="org.erikreider.swaync.cc">
    <method name="GetDnd"><arg type="b" direction="out"/></method>
    <method name="SetDnd"><arg type="b" direction="in"/></method>
    <signal name="Subscribe"><arg type="u"/><arg type="b"/><arg type="b"/></signal>
</interface></node>"""


def ask(address, method, parameters, interface="org.uvd.Test") -> None:
    """Calls the server's test interface (or the notification interface), as a test does."""
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    connection = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
    connection.call_sync("org.freedesktop.Notifications", PATH, interface, method, parameters, None,
                         Gio.DBusCallFlags.NONE, 5000, None)


def main() -> None:
    if sys.argv[1] == "--invoke":
        ask(sys.argv[2], "Invoke", GLib.Variant("(us)", (int(sys.argv[3]), sys.argv[4])))
        return
    if sys.argv[1] == "--notify-as-other":
        ask(sys.argv[2], "Notify", GLib.Variant("(susssasa{sv}i)", ("other-app", 0, "", "another application", "", [], {}, -1)),
            interface=INTERFACE)
        return
    if sys.argv[1] == "--expire":
        ask(sys.argv[2], "Expire", GLib.Variant("(u)", (int(sys.argv[3]),)))
        return
    if sys.argv[1] == "--swaync-dnd":
        flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
        bus = Gio.DBusConnection.new_for_address_sync(sys.argv[2], flags, None, None)
        bus.call_sync(SWAYNC, SWAYNC_PATH, SWAYNC, "SetDnd", GLib.Variant("(b)", (sys.argv[3] == "on",)), None, Gio.DBusCallFlags.NONE, 5000, None)
        return
    if sys.argv[1] == "--set-inhibited":
        ask(sys.argv[2], "SetInhibited", GLib.Variant("(b)", (sys.argv[3] == "true",)))
        return
    if sys.argv[1] == "--click":
        ask(sys.argv[2], "Click", GLib.Variant("(u)", (int(sys.argv[3]),)))
        return
    if sys.argv[1] == "--dismiss":
        ask(sys.argv[2], "Dismiss", GLib.Variant("(u)", (int(sys.argv[3]),)))
        return
    address, log_path = sys.argv[1], sys.argv[2]
    capabilities = ["body", "icon-static"] + ([] if "--no-actions" in sys.argv else ["actions"])
    log = open(log_path, "a", buffering=1)
    state = {"next": 1, "open": set(), "actions": {}, "hints": {}, "inhibited": "--inhibited" in sys.argv}
    name = sys.argv[sys.argv.index("--name") + 1] if "--name" in sys.argv else "recorder"
    # A busy server: each Notify is recorded as it comes and answered this many seconds later.
    notify_delay = float(sys.argv[sys.argv.index("--notify-delay") + 1]) if "--notify-delay" in sys.argv else 0.0

    def record(entry):
        log.write(json.dumps(entry) + "\n")

    def closed(connection, notification, reason):
        state["open"].discard(notification)
        connection.emit_signal(None, PATH, INTERFACE, "NotificationClosed", GLib.Variant("(uu)", (notification, reason)))

    def call(connection, sender, path, interface, method, parameters, invocation):
        args = parameters.unpack()
        if method == "Notify":
            app, replaces, icon, summary, body, actions, hints, timeout = args
            notification = replaces if replaces in state["open"] else state["next"]
            if notification == state["next"]:
                state["next"] += 1
            state["open"].add(notification)
            state["actions"][notification] = list(actions[0::2])
            state["hints"][notification] = hints
            record({"call": "Notify", "time": time.time(), "id": notification, "replaces": replaces, "app": app, "icon": icon, "summary": summary,
                    "body": body, "actions": actions, "hints": hints, "timeout": timeout})
            if notify_delay > 0:
                def answer():
                    invocation.return_value(GLib.Variant("(u)", (notification,)))
                    return False
                GLib.timeout_add(int(notify_delay * 1000), answer)
            else:
                invocation.return_value(GLib.Variant("(u)", (notification,)))
        elif method == "CloseNotification":
            record({"call": "CloseNotification", "id": args[0]})
            invocation.return_value(None)
            if args[0] in state["open"]:
                closed(connection, args[0], 3)
        elif method == "GetCapabilities":
            invocation.return_value(GLib.Variant("(as)", (capabilities,)))
        elif method == "GetServerInformation":
            invocation.return_value(GLib.Variant("(ssss)", (name, "uvd tests", "1", "1.2")))
        elif method == "Invoke":
            invocation.return_value(None)
            connection.emit_signal(None, PATH, INTERFACE, "ActionInvoked", GLib.Variant("(us)", args))
        elif method == "SetInhibited":
            # As KDE Plasma does: the property changes and PropertiesChanged says so.
            invocation.return_value(None)
            state["inhibited"] = args[0]
            connection.emit_signal(None, PATH, "org.freedesktop.DBus.Properties", "PropertiesChanged",
                                   GLib.Variant("(sa{sv}as)", (INTERFACE, {"Inhibited": GLib.Variant("b", args[0])}, [])))
        elif method == "Click":
            invocation.return_value(None)
            notification = args[0]
            if "default" in state["actions"].get(notification, []):
                connection.emit_signal(None, PATH, INTERFACE, "ActionInvoked", GLib.Variant("(us)", (notification, "default")))
            else:
                record({"call": "LaunchedApplication", "id": notification,
                        "desktopEntry": state["hints"].get(notification, {}).get("desktop-entry")})
            closed(connection, notification, 2)
        elif method == "Dismiss":
            invocation.return_value(None)
            closed(connection, args[0], 2)
        elif method == "Expire":
            invocation.return_value(None)
            closed(connection, args[0], 1)

    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    connection = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)
    node = Gio.DBusNodeInfo.new_for_xml(XML)
    def get_property(connection, sender, path, interface, name):
        # KDE Plasma's do-not-disturb; this recorder is inhibited with --inhibited.
        return GLib.Variant("b", state["inhibited"]) if name == "Inhibited" else None

    for interface in node.interfaces:
        connection.register_object(PATH, interface, call, get_property, None)

    def acquired(*_):
        record({"call": "ready"})

    if name == "SwayNotificationCenter":
        state["dnd"] = False

        def control_center(connection, sender, path, interface, method, parameters, invocation):
            if method == "GetDnd":
                invocation.return_value(GLib.Variant("(b)", (state["dnd"],)))
            elif method == "SetDnd":
                state["dnd"] = parameters.unpack()[0]
                invocation.return_value(None)
                connection.emit_signal(None, SWAYNC_PATH, SWAYNC, "Subscribe", GLib.Variant("(ubb)", (len(state["open"]), state["dnd"], False)))

        connection.register_object(SWAYNC_PATH, Gio.DBusNodeInfo.new_for_xml(SWAYNC_XML).interfaces[0], control_center, None, None)
        Gio.bus_own_name_on_connection(connection, SWAYNC, Gio.BusNameOwnerFlags.NONE, None, None)
    Gio.bus_own_name_on_connection(connection, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.NONE, acquired, None)
    GLib.MainLoop().run()


if __name__ == "__main__":
    exit_with_parent()
    main()
