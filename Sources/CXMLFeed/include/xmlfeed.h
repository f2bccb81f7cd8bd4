#ifndef UVD_XMLFEED_H
#define UVD_XMLFEED_H

#include <stddef.h>

/* Called for each child element of each <location> under the root <stations>: the location's
   index (from 0), its id attribute ("" if none), the child's name and its text content. */
typedef void (*uvd_xml_field_fn)(void *context, int location, const char *id, const char *name, const char *text);

/* Parses `bytes` with libxml2 (no network, no DTD loading, no entity substitution) and reports
   every <location> field through `field`. Returns the number of locations, or -1 when the
   document is not well-formed XML or its root is not <stations>; then `error` holds why. */
int uvd_xml_feed_locations(const char *bytes, size_t length, void *context, uvd_xml_field_fn field,
                           char *error, size_t error_size);

#endif
