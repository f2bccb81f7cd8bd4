#include "CGLib.h"

#include <CLazyLink.h>

/* Every function of GLib, GObject, GIO, GdkPixbuf and libnotify that uvd and its tests call (the
 * link fails on one missing here), each found through libnotify, whose dependencies are the other
 * four. */
#define DESKTOP_FUNCTIONS(X) \
    X(g_bus_get_sync) X(g_bus_own_name_on_connection) X(g_bus_unown_name) X(g_bus_unwatch_name) \
    X(g_bus_watch_name_on_connection) X(g_dbus_address_get_for_bus_sync) X(g_dbus_connection_call) \
    X(g_dbus_connection_call_finish) X(g_dbus_connection_call_sync) X(g_dbus_connection_close_sync) \
    X(g_dbus_connection_emit_signal) X(g_dbus_connection_get_unique_name) X(g_dbus_connection_new_for_address_sync) \
    X(g_dbus_connection_register_object) X(g_dbus_connection_set_exit_on_close) X(g_dbus_connection_signal_subscribe) \
    X(g_dbus_connection_signal_unsubscribe) X(g_dbus_connection_unregister_object) X(g_dbus_error_get_remote_error) \
    X(g_dbus_error_quark) X(g_dbus_error_strip_remote_error) X(g_dbus_method_invocation_return_dbus_error) \
    X(g_dbus_method_invocation_return_value) X(g_dbus_node_info_lookup_interface) X(g_dbus_node_info_new_for_xml) \
    X(g_error_free) X(g_file_monitor_file) X(g_file_new_for_path) X(g_free) X(g_io_error_quark) X(g_list_free_full) \
    X(g_main_context_get_thread_default) X(g_main_context_invoke) X(g_main_context_iteration) X(g_main_context_new) \
    X(g_main_context_pop_thread_default) X(g_main_context_push_thread_default) X(g_main_context_unref) X(g_main_loop_new) \
    X(g_main_loop_run) X(g_object_get) X(g_object_set) X(g_object_unref) X(g_set_error_literal) X(g_settings_get_boolean) \
    X(g_settings_new_full) X(g_settings_schema_has_key) X(g_settings_schema_source_get_default) \
    X(g_settings_schema_source_lookup) X(g_settings_schema_unref) X(g_signal_connect_data) X(g_source_attach) \
    X(g_source_destroy) X(g_source_set_callback) X(g_source_unref) X(g_timeout_source_new) X(g_unix_fd_source_new) \
    X(g_variant_classify) X(g_variant_get_boolean) X(g_variant_get_byte) X(g_variant_get_child_value) \
    X(g_variant_get_double) X(g_variant_get_fixed_array) X(g_variant_get_int32) X(g_variant_get_int64) \
    X(g_variant_get_string) X(g_variant_get_type_string) X(g_variant_get_uint32) X(g_variant_get_uint64) \
    X(g_variant_get_variant) X(g_variant_is_object_path) X(g_variant_is_signature) X(g_variant_n_children) \
    X(g_variant_new_array) X(g_variant_new_boolean) X(g_variant_new_byte) X(g_variant_new_dict_entry) \
    X(g_variant_new_double) X(g_variant_new_fixed_array) X(g_variant_new_int32) X(g_variant_new_int64) \
    X(g_variant_new_object_path) X(g_variant_new_signature) X(g_variant_new_string) X(g_variant_new_tuple) \
    X(g_variant_new_uint32) X(g_variant_new_uint64) X(g_variant_new_variant) X(g_variant_ref_sink) X(g_variant_unref) X(gdk_pixbuf_new_from_data) \
    X(gdk_pixbuf_savev) X(notify_get_server_caps) X(notify_get_server_info) X(notify_init) \
    X(notify_notification_add_action) X(notify_notification_close) X(notify_notification_get_closed_reason) \
    X(notify_notification_new) X(notify_notification_set_category) X(notify_notification_set_hint) \
    X(notify_notification_set_timeout) X(notify_notification_set_urgency) X(notify_notification_show) X(notify_uninit)

UVD_LAZY_FUNCTIONS(desktop, DESKTOP_FUNCTIONS)

int uvd_desktop_open_libraries(char *error, size_t error_size) {
    return uvd_lazy_resolve("libnotify.so.4", "libnotify4", desktop_names, desktop_pointers, desktop_count, error, error_size);
}
