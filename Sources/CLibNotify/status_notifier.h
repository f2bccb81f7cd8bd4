// A StatusNotifierItem (KDE's and freedesktop's tray protocol) with a com.canonical.dbusmenu
// menu, over GDBus: no GTK, no Qt, no libappindicator. All of it runs on the GLib thread that
// created it (its callbacks are dispatched to that thread's default context); uvd sets what it
// shows with uvd_tray_set_* and hears clicks through the callbacks.
//
// Registered only while a watcher (org.kde.StatusNotifierWatcher) is on the bus: when one
// appears (plasmashell, waybar, the GNOME extension, restarted or not) the item takes its name
// org.kde.StatusNotifierItem-PID-1, exports /StatusNotifierItem and /MenuBar, and calls
// RegisterStatusNotifierItem once uvd has set what it shows; when it goes, the name and the
// objects go with it.
//
// The item registers under its connection's unique name, not the well-known one it owns. Both
// are its full name on the bus, which is what the specification asks for, and every watcher
// takes either; but a watcher given a well-known name may follow that name's owner as well as
// the item: GNOME's AppIndicator extension (53) then clears the item's Id and Menu when its
// owner lookup answers after the item's own GetAll did, reads them again, and drops the item on
// a GJS error in that path (in about half of the sessions tried). Under the unique name it never
// follows a name, and the well-known one stays for whoever looks items up by it.
#ifndef UVD_STATUS_NOTIFIER_H
#define UVD_STATUS_NOTIFIER_H

#include <gio/gio.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/// `item`: the menu item clicked, or -1 for Activate (a click on the icon).
typedef void (*uvd_tray_clicked_fn)(int32_t item, void *context);
/// The watcher's unique name now and its process (0 when the bus does not say), or NULL when
/// none is on the bus.
typedef void (*uvd_tray_host_fn)(const char *owner, uint32_t pid, void *context);

typedef struct {
    GDBusConnection *bus;
    guint watch, own, item_object, menu_object;
    gboolean name_acquired;
    // What it shows has been set once (the texts, and the icon: the wheel, or none to draw and
    // the name "uvd"): a host reads every property as the item registers, so it registers only
    // then, not with placeholders.
    gboolean has_texts, has_icon;
    char name[64];
    char *watcher_owner;
    char *title, *status, *icon_name, *tooltip_title, *tooltip_text;
    GVariant *pixmaps;  // a(iiay)
    GVariant *menu;     // a(isbb): id, label, enabled, separator
    guint32 revision;
    uvd_tray_clicked_fn clicked;
    uvd_tray_host_fn host;
    void *context;
} uvd_tray;

static const char uvd_tray_xml[] =
    "<node>"
    "<interface name='org.kde.StatusNotifierItem'>"
    "<property name='Category' type='s' access='read'/>"
    "<property name='Id' type='s' access='read'/>"
    "<property name='Title' type='s' access='read'/>"
    "<property name='Status' type='s' access='read'/>"
    "<property name='WindowId' type='i' access='read'/>"
    "<property name='IconThemePath' type='s' access='read'/>"
    "<property name='IconName' type='s' access='read'/>"
    "<property name='IconPixmap' type='a(iiay)' access='read'/>"
    "<property name='OverlayIconName' type='s' access='read'/>"
    "<property name='OverlayIconPixmap' type='a(iiay)' access='read'/>"
    "<property name='AttentionIconName' type='s' access='read'/>"
    "<property name='AttentionIconPixmap' type='a(iiay)' access='read'/>"
    "<property name='AttentionMovieName' type='s' access='read'/>"
    "<property name='IconAccessibleDesc' type='s' access='read'/>"
    "<property name='AttentionAccessibleDesc' type='s' access='read'/>"
    "<property name='ToolTip' type='(sa(iiay)ss)' access='read'/>"
    "<property name='ItemIsMenu' type='b' access='read'/>"
    "<property name='Menu' type='o' access='read'/>"
    "<method name='ContextMenu'><arg name='x' type='i' direction='in'/><arg name='y' type='i' direction='in'/></method>"
    "<method name='Activate'><arg name='x' type='i' direction='in'/><arg name='y' type='i' direction='in'/></method>"
    "<method name='SecondaryActivate'><arg name='x' type='i' direction='in'/><arg name='y' type='i' direction='in'/></method>"
    "<method name='Scroll'><arg name='delta' type='i' direction='in'/><arg name='orientation' type='s' direction='in'/></method>"
    "<signal name='NewTitle'/><signal name='NewIcon'/><signal name='NewAttentionIcon'/><signal name='NewOverlayIcon'/>"
    "<signal name='NewToolTip'/><signal name='NewStatus'><arg name='status' type='s'/></signal>"
    "</interface>"
    "<interface name='com.canonical.dbusmenu'>"
    "<property name='Version' type='u' access='read'/>"
    "<property name='TextDirection' type='s' access='read'/>"
    "<property name='Status' type='s' access='read'/>"
    "<property name='IconThemePath' type='as' access='read'/>"
    "<method name='GetLayout'><arg type='i' name='parentId' direction='in'/><arg type='i' name='recursionDepth' direction='in'/>"
    "<arg type='as' name='propertyNames' direction='in'/><arg type='u' name='revision' direction='out'/>"
    "<arg type='(ia{sv}av)' name='layout' direction='out'/></method>"
    "<method name='GetGroupProperties'><arg type='ai' name='ids' direction='in'/><arg type='as' name='propertyNames' direction='in'/>"
    "<arg type='a(ia{sv})' name='properties' direction='out'/></method>"
    "<method name='GetProperty'><arg type='i' name='id' direction='in'/><arg type='s' name='name' direction='in'/>"
    "<arg type='v' name='value' direction='out'/></method>"
    "<method name='Event'><arg type='i' name='id' direction='in'/><arg type='s' name='eventId' direction='in'/>"
    "<arg type='v' name='data' direction='in'/><arg type='u' name='timestamp' direction='in'/></method>"
    "<method name='EventGroup'><arg type='a(isvu)' name='events' direction='in'/><arg type='ai' name='idErrors' direction='out'/></method>"
    "<method name='AboutToShow'><arg type='i' name='id' direction='in'/><arg type='b' name='needUpdate' direction='out'/></method>"
    "<method name='AboutToShowGroup'><arg type='ai' name='ids' direction='in'/><arg type='ai' name='updatesNeeded' direction='out'/>"
    "<arg type='ai' name='idErrors' direction='out'/></method>"
    "<signal name='ItemsPropertiesUpdated'><arg type='a(ia{sv})' name='updatedProps'/><arg type='a(ias)' name='removedProps'/></signal>"
    "<signal name='LayoutUpdated'><arg type='u' name='revision'/><arg type='i' name='parent'/></signal>"
    "<signal name='ItemActivationRequested'><arg type='i' name='id'/><arg type='u' name='timestamp'/></signal>"
    "</interface>"
    "</node>";

static inline GDBusNodeInfo *uvd_tray_node(void) {
    static GDBusNodeInfo *node = NULL;
    if (!node) node = g_dbus_node_info_new_for_xml(uvd_tray_xml, NULL);
    return node;
}

static inline GVariant *uvd_tray_empty_pixmaps(void) { return g_variant_new_array(G_VARIANT_TYPE("(iiay)"), NULL, 0); }

/// Menu item `id` (not the root): its label (valid while the menu is), whether it is enabled and
/// whether it is a separator; FALSE when the menu has no such item.
static inline gboolean uvd_tray_find_item(uvd_tray *tray, int32_t id, const char **label, gboolean *enabled, gboolean *separator) {
    GVariantIter iter;
    int32_t item;
    g_variant_iter_init(&iter, tray->menu);
    while (g_variant_iter_next(&iter, "(i&sbb)", &item, label, enabled, separator))
        if (item == id) return TRUE;
    return FALSE;
}

/// One menu item's properties: all of them, or those named in `names` (NULL: all).
static inline GVariant *uvd_tray_item_properties(uvd_tray *tray, int32_t id, const gchar *const *names) {
    GVariantBuilder properties;
    g_variant_builder_init(&properties, G_VARIANT_TYPE("a{sv}"));
    gboolean all = names == NULL || names[0] == NULL;
#define UVD_WANTS(key) (all || g_strv_contains(names, key))
    if (id == 0) {
        if (UVD_WANTS("children-display")) g_variant_builder_add(&properties, "{sv}", "children-display", g_variant_new_string("submenu"));
        return g_variant_builder_end(&properties);
    }
    const char *label;
    gboolean enabled, separator;
    if (uvd_tray_find_item(tray, id, &label, &enabled, &separator)) {
        if (separator) {
            if (UVD_WANTS("type")) g_variant_builder_add(&properties, "{sv}", "type", g_variant_new_string("separator"));
        } else {
            if (UVD_WANTS("label")) g_variant_builder_add(&properties, "{sv}", "label", g_variant_new_string(label));
            if (UVD_WANTS("enabled")) g_variant_builder_add(&properties, "{sv}", "enabled", g_variant_new_boolean(enabled));
        }
        if (UVD_WANTS("visible")) g_variant_builder_add(&properties, "{sv}", "visible", g_variant_new_boolean(TRUE));
    }
#undef UVD_WANTS
    return g_variant_builder_end(&properties);
}

static inline gboolean uvd_tray_has_item(uvd_tray *tray, int32_t id) {
    const char *label;
    gboolean enabled, separator;
    return id == 0 || uvd_tray_find_item(tray, id, &label, &enabled, &separator);
}

static inline GVariant *uvd_tray_layout(uvd_tray *tray, const gchar *const *names) {
    GVariantBuilder children;
    g_variant_builder_init(&children, G_VARIANT_TYPE("av"));
    GVariantIter iter;
    int32_t item;
    const char *label;
    gboolean enabled, separator;
    g_variant_iter_init(&iter, tray->menu);
    while (g_variant_iter_next(&iter, "(i&sbb)", &item, &label, &enabled, &separator)) {
        GVariant *child = g_variant_new("(i@a{sv}@av)", item, uvd_tray_item_properties(tray, item, names),
                                        g_variant_new_array(G_VARIANT_TYPE_VARIANT, NULL, 0));
        g_variant_builder_add(&children, "v", child);
    }
    return g_variant_new("(i@a{sv}@av)", 0, uvd_tray_item_properties(tray, 0, names), g_variant_builder_end(&children));
}

static inline void uvd_tray_call(GDBusConnection *connection, const gchar *sender, const gchar *path, const gchar *interface,
                                 const gchar *method, GVariant *parameters, GDBusMethodInvocation *invocation, gpointer data) {
    uvd_tray *tray = data;
    if (strcmp(interface, "org.kde.StatusNotifierItem") == 0) {
        if (strcmp(method, "Activate") == 0 || strcmp(method, "SecondaryActivate") == 0) tray->clicked(-1, tray->context);
        g_dbus_method_invocation_return_value(invocation, NULL);
        return;
    }
    if (strcmp(method, "GetLayout") == 0) {
        int32_t parent, depth;
        const gchar **names = NULL;
        g_variant_get(parameters, "(ii^a&s)", &parent, &depth, &names);
        GVariant *layout = parent == 0 ? uvd_tray_layout(tray, names)
                                       : g_variant_new("(i@a{sv}@av)", parent, uvd_tray_item_properties(tray, parent, names),
                                                       g_variant_new_array(G_VARIANT_TYPE_VARIANT, NULL, 0));
        g_free(names);
        g_dbus_method_invocation_return_value(invocation, g_variant_new("(u@(ia{sv}av))", tray->revision, layout));
    } else if (strcmp(method, "GetGroupProperties") == 0) {
        GVariantIter *ids;
        const gchar **names = NULL;
        g_variant_get(parameters, "(ai^a&s)", &ids, &names);
        GVariantBuilder result;
        g_variant_builder_init(&result, G_VARIANT_TYPE("a(ia{sv})"));
        int32_t id;
        while (g_variant_iter_next(ids, "i", &id))
            if (uvd_tray_has_item(tray, id)) g_variant_builder_add(&result, "(i@a{sv})", id, uvd_tray_item_properties(tray, id, names));
        g_variant_iter_free(ids);
        g_free(names);
        g_dbus_method_invocation_return_value(invocation, g_variant_new("(@a(ia{sv}))", g_variant_builder_end(&result)));
    } else if (strcmp(method, "GetProperty") == 0) {
        int32_t id;
        const char *name;
        g_variant_get(parameters, "(i&s)", &id, &name);
        const gchar *names[] = {name, NULL};
        GVariant *properties = uvd_tray_item_properties(tray, id, names);
        GVariant *value = g_variant_lookup_value(properties, name, NULL);
        g_variant_unref(g_variant_ref_sink(properties));
        if (!value) {
            g_dbus_method_invocation_return_dbus_error(invocation, "com.canonical.dbusmenu.UnknownProperty", name);
            return;
        }
        g_dbus_method_invocation_return_value(invocation, g_variant_new("(v)", value));
        g_variant_unref(value);
    } else if (strcmp(method, "Event") == 0) {
        int32_t id;
        const char *event;
        GVariant *payload;
        guint32 timestamp;
        g_variant_get(parameters, "(i&svu)", &id, &event, &payload, &timestamp);
        g_variant_unref(payload);
        if (strcmp(event, "clicked") == 0 && id != 0 && uvd_tray_has_item(tray, id)) tray->clicked(id, tray->context);
        g_dbus_method_invocation_return_value(invocation, NULL);
    } else if (strcmp(method, "EventGroup") == 0) {
        GVariantIter *events;
        g_variant_get(parameters, "(a(isvu))", &events);
        GVariantBuilder errors;
        g_variant_builder_init(&errors, G_VARIANT_TYPE("ai"));
        int32_t id;
        const char *event;
        GVariant *payload;
        guint32 timestamp;
        while (g_variant_iter_next(events, "(i&svu)", &id, &event, &payload, &timestamp)) {
            g_variant_unref(payload);
            if (!uvd_tray_has_item(tray, id)) g_variant_builder_add(&errors, "i", id);
            else if (strcmp(event, "clicked") == 0 && id != 0) tray->clicked(id, tray->context);
        }
        g_variant_iter_free(events);
        g_dbus_method_invocation_return_value(invocation, g_variant_new("(@ai)", g_variant_builder_end(&errors)));
    } else if (strcmp(method, "AboutToShow") == 0) {
        g_dbus_method_invocation_return_value(invocation, g_variant_new("(b)", FALSE));
    } else if (strcmp(method, "AboutToShowGroup") == 0) {
        g_dbus_method_invocation_return_value(
            invocation, g_variant_new("(@ai@ai)", g_variant_new_array(G_VARIANT_TYPE_INT32, NULL, 0), g_variant_new_array(G_VARIANT_TYPE_INT32, NULL, 0)));
    } else {
        g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", method);
    }
}

static inline GVariant *uvd_tray_property(GDBusConnection *connection, const gchar *sender, const gchar *path, const gchar *interface,
                                          const gchar *property, GError **error, gpointer data) {
    uvd_tray *tray = data;
    if (strcmp(interface, "com.canonical.dbusmenu") == 0) {
        if (strcmp(property, "Version") == 0) return g_variant_new_uint32(3);
        if (strcmp(property, "TextDirection") == 0) return g_variant_new_string("ltr");
        if (strcmp(property, "Status") == 0) return g_variant_new_string("normal");
        if (strcmp(property, "IconThemePath") == 0) return g_variant_new_strv(NULL, 0);
        return NULL;
    }
    if (strcmp(property, "Category") == 0) return g_variant_new_string("ApplicationStatus");
    if (strcmp(property, "Id") == 0) return g_variant_new_string("uvd");
    if (strcmp(property, "Title") == 0) return g_variant_new_string(tray->title);
    if (strcmp(property, "Status") == 0) return g_variant_new_string(tray->status);
    if (strcmp(property, "WindowId") == 0) return g_variant_new_int32(0);
    if (strcmp(property, "IconThemePath") == 0) return g_variant_new_string("");
    // While NeedsAttention, hosts draw the attention icon instead (GNOME's AppIndicator extension
    // with no fallback to the normal one): it is the day's wheel too. The name is "uvd" only until
    // the wheel is drawn: a host takes a name it can find in the icon theme over the pixmap
    // (KDE Plasma, GNOME's extension and waybar all do), and with uvd installed the theme has
    // "uvd", so the day would never show.
    if (strcmp(property, "IconName") == 0 || strcmp(property, "AttentionIconName") == 0) return g_variant_new_string(tray->icon_name);
    if (strcmp(property, "IconPixmap") == 0 || strcmp(property, "AttentionIconPixmap") == 0) return g_variant_ref(tray->pixmaps);
    // The KDE and Ayatana additions the AppIndicator extension asks for: what a screen reader says.
    if (strcmp(property, "IconAccessibleDesc") == 0 || strcmp(property, "AttentionAccessibleDesc") == 0)
        return g_variant_new_string(tray->title);
    if (strcmp(property, "OverlayIconName") == 0 || strcmp(property, "AttentionMovieName") == 0) return g_variant_new_string("");
    if (strcmp(property, "OverlayIconPixmap") == 0) return uvd_tray_empty_pixmaps();
    if (strcmp(property, "ToolTip") == 0)
        return g_variant_new("(s@a(iiay)ss)", "uvd", uvd_tray_empty_pixmaps(), tray->tooltip_title, tray->tooltip_text);
    if (strcmp(property, "ItemIsMenu") == 0) return g_variant_new_boolean(FALSE);
    if (strcmp(property, "Menu") == 0) return g_variant_new_object_path("/MenuBar");
    g_set_error(error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_PROPERTY, "no property %s", property);
    return NULL;
}

static const GDBusInterfaceVTable uvd_tray_vtable = {uvd_tray_call, uvd_tray_property, NULL, {0}};

static inline void uvd_tray_register_with_watcher(uvd_tray *tray) {
    if (!tray->name_acquired || !tray->watcher_owner || !tray->has_texts || !tray->has_icon) return;
    g_dbus_connection_call(tray->bus, "org.kde.StatusNotifierWatcher", "/StatusNotifierWatcher", "org.kde.StatusNotifierWatcher",
                           "RegisterStatusNotifierItem", g_variant_new("(s)", g_dbus_connection_get_unique_name(tray->bus)), NULL, G_DBUS_CALL_FLAGS_NONE, 5000, NULL,
                           NULL, NULL);
}

static inline void uvd_tray_name_acquired(GDBusConnection *connection, const gchar *name, gpointer data) {
    uvd_tray *tray = data;
    tray->name_acquired = TRUE;
    uvd_tray_register_with_watcher(tray);
}

static inline void uvd_tray_name_lost(GDBusConnection *connection, const gchar *name, gpointer data) {
    ((uvd_tray *)data)->name_acquired = FALSE;
}

static inline void uvd_tray_withdraw(uvd_tray *tray) {
    if (tray->own) g_bus_unown_name(tray->own);
    if (tray->item_object) g_dbus_connection_unregister_object(tray->bus, tray->item_object);
    if (tray->menu_object) g_dbus_connection_unregister_object(tray->bus, tray->menu_object);
    tray->own = tray->item_object = tray->menu_object = 0;
    tray->name_acquired = FALSE;
}

static inline void uvd_tray_watcher_appeared(GDBusConnection *connection, const gchar *name, const gchar *owner, gpointer data) {
    uvd_tray *tray = data;
    g_free(tray->watcher_owner);
    tray->watcher_owner = g_strdup(owner);
    if (!tray->item_object) {
        GDBusNodeInfo *node = uvd_tray_node();
        tray->item_object = g_dbus_connection_register_object(
            tray->bus, "/StatusNotifierItem", g_dbus_node_info_lookup_interface(node, "org.kde.StatusNotifierItem"), &uvd_tray_vtable,
            tray, NULL, NULL);
        tray->menu_object = g_dbus_connection_register_object(
            tray->bus, "/MenuBar", g_dbus_node_info_lookup_interface(node, "com.canonical.dbusmenu"), &uvd_tray_vtable, tray, NULL, NULL);
    }
    if (!tray->own) {
        tray->own = g_bus_own_name_on_connection(tray->bus, tray->name, G_BUS_NAME_OWNER_FLAGS_NONE, uvd_tray_name_acquired,
                                                 uvd_tray_name_lost, tray, NULL);
    } else {
        // A watcher that restarted forgets every item: register again.
        uvd_tray_register_with_watcher(tray);
    }
    uint32_t pid = 0;
    GVariant *answer = g_dbus_connection_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                   "GetConnectionUnixProcessID", g_variant_new("(s)", owner), G_VARIANT_TYPE("(u)"),
                                                   G_DBUS_CALL_FLAGS_NONE, 1000, NULL, NULL);
    if (answer) {
        g_variant_get(answer, "(u)", &pid);
        g_variant_unref(answer);
    }
    tray->host(owner, pid, tray->context);
}

static inline void uvd_tray_watcher_vanished(GDBusConnection *connection, const gchar *name, gpointer data) {
    uvd_tray *tray = data;
    if (!tray->watcher_owner && !tray->own) return;
    g_free(tray->watcher_owner);
    tray->watcher_owner = NULL;
    uvd_tray_withdraw(tray);
    tray->host(NULL, 0, tray->context);
}

/// Starts watching for a watcher on the session bus; NULL without a session bus. Call on the
/// GLib thread whose context is to dispatch its callbacks.
static inline uvd_tray *uvd_tray_new(uvd_tray_clicked_fn clicked, uvd_tray_host_fn host, void *context) {
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    if (!bus) return NULL;
    uvd_tray *tray = g_new0(uvd_tray, 1);
    tray->bus = bus;
    snprintf(tray->name, sizeof tray->name, "org.kde.StatusNotifierItem-%d-1", (int)getpid());
    tray->title = g_strdup("uvd");
    tray->status = g_strdup("Passive");
    tray->icon_name = g_strdup("uvd");
    tray->tooltip_title = g_strdup("uvd");
    tray->tooltip_text = g_strdup("");
    tray->pixmaps = g_variant_ref_sink(uvd_tray_empty_pixmaps());
    tray->menu = g_variant_ref_sink(g_variant_new_array(G_VARIANT_TYPE("(isbb)"), NULL, 0));
    tray->revision = 1;
    tray->clicked = clicked;
    tray->host = host;
    tray->context = context;
    tray->watch = g_bus_watch_name_on_connection(bus, "org.kde.StatusNotifierWatcher", G_BUS_NAME_WATCHER_FLAGS_NONE,
                                                 uvd_tray_watcher_appeared, uvd_tray_watcher_vanished, tray, NULL);
    return tray;
}

static inline const char *uvd_tray_bus_name(uvd_tray *tray) { return tray->name; }

static inline void uvd_tray_emit(uvd_tray *tray, const char *path, const char *interface, const char *signal, GVariant *parameters) {
    if (!tray->item_object) {
        if (parameters) g_variant_unref(g_variant_ref_sink(parameters));
        return;
    }
    g_dbus_connection_emit_signal(tray->bus, NULL, path, interface, signal, parameters, NULL);
}

static inline gboolean uvd_tray_replace(char **field, const char *value) {
    if (g_strcmp0(*field, value) == 0) return FALSE;
    g_free(*field);
    *field = g_strdup(value);
    return TRUE;
}

/// The texts: title, status (Passive, Active, NeedsAttention) and the tooltip's title and text.
static inline void uvd_tray_set_texts(uvd_tray *tray, const char *title, const char *status, const char *tooltip_title,
                                      const char *tooltip_text) {
    gboolean first = !tray->has_texts;
    tray->has_texts = TRUE;
    if (uvd_tray_replace(&tray->title, title)) uvd_tray_emit(tray, "/StatusNotifierItem", "org.kde.StatusNotifierItem", "NewTitle", NULL);
    if (uvd_tray_replace(&tray->status, status))
        uvd_tray_emit(tray, "/StatusNotifierItem", "org.kde.StatusNotifierItem", "NewStatus", g_variant_new("(s)", status));
    gboolean tip = uvd_tray_replace(&tray->tooltip_title, tooltip_title);
    tip = uvd_tray_replace(&tray->tooltip_text, tooltip_text) || tip;
    if (tip) uvd_tray_emit(tray, "/StatusNotifierItem", "org.kde.StatusNotifierItem", "NewToolTip", NULL);
    if (first) uvd_tray_register_with_watcher(tray);
}

/// The icon at `count` sizes: `sizes[i]` square, its ARGB32 bytes (network order) one after
/// another in `argb`.
static inline void uvd_tray_set_icon(uvd_tray *tray, int count, const int32_t *sizes, const uint8_t *argb) {
    GVariantBuilder pixmaps;
    g_variant_builder_init(&pixmaps, G_VARIANT_TYPE("a(iiay)"));
    size_t offset = 0;
    for (int i = 0; i < count; i++) {
        size_t length = (size_t)sizes[i] * (size_t)sizes[i] * 4;
        GVariant *bytes = g_variant_new_fixed_array(G_VARIANT_TYPE_BYTE, argb + offset, length, 1);
        g_variant_builder_add(&pixmaps, "(ii@ay)", sizes[i], sizes[i], bytes);
        offset += length;
    }
    g_variant_unref(tray->pixmaps);
    tray->pixmaps = g_variant_ref_sink(g_variant_builder_end(&pixmaps));
    uvd_tray_replace(&tray->icon_name, count > 0 ? "" : "uvd");
    gboolean first = !tray->has_icon;
    tray->has_icon = TRUE;
    uvd_tray_emit(tray, "/StatusNotifierItem", "org.kde.StatusNotifierItem", "NewIcon", NULL);
    uvd_tray_emit(tray, "/StatusNotifierItem", "org.kde.StatusNotifierItem", "NewAttentionIcon", NULL);
    if (first) uvd_tray_register_with_watcher(tray);
}

/// The menu: `count` items, `labels` one after another separated by '\n'; an empty label is a
/// separator. The layout's revision goes up and LayoutUpdated is sent when anything changed.
static inline void uvd_tray_set_menu(uvd_tray *tray, int count, const int32_t *ids, const char *labels, const uint8_t *enabled) {
    GVariantBuilder menu;
    g_variant_builder_init(&menu, G_VARIANT_TYPE("a(isbb)"));
    gchar **split = g_strsplit(labels, "\n", count);
    for (int i = 0; i < count && split[i]; i++)
        g_variant_builder_add(&menu, "(isbb)", ids[i], split[i], (gboolean)enabled[i], split[i][0] == '\0');
    g_strfreev(split);
    GVariant *next = g_variant_ref_sink(g_variant_builder_end(&menu));
    if (g_variant_equal(next, tray->menu)) {
        g_variant_unref(next);
        return;
    }
    g_variant_unref(tray->menu);
    tray->menu = next;
    tray->revision++;
    uvd_tray_emit(tray, "/MenuBar", "com.canonical.dbusmenu", "LayoutUpdated", g_variant_new("(ui)", tray->revision, 0));
}

#endif
