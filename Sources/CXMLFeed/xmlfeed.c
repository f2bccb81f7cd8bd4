#include "xmlfeed.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/* libxml2 is opened at the first ARPANSA answer, not linked: it brings ICU's libraries, which
 * uvd would otherwise load and relocate at every start for a feed it may never read. */
#define XML_FUNCTIONS(X) X(xmlReadMemory) X(xmlGetLastError) X(xmlDocGetRootElement) X(xmlFreeDoc) \
    X(xmlGetProp) X(xmlNodeGetContent)
#define XML_POINTER(name) __typeof__(&name) name;
static struct { XML_FUNCTIONS(XML_POINTER) xmlFreeFunc free; } api;
static pthread_once_t api_once = PTHREAD_ONCE_INIT;
static char api_error[160];

static void open_libxml2(void) {
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(api_error, sizeof api_error, "libxml2 cannot be loaded (%s); install the libxml2 package", dlerror());
        return;
    }
#define XML_RESOLVE(name) \
    if (!(api.name = (__typeof__(&name))dlsym(library, #name))) { \
        snprintf(api_error, sizeof api_error, "libxml2.so.2 has no %s", #name); \
        return; \
    }
    XML_FUNCTIONS(XML_RESOLVE)
    /* xmlFree is a variable holding the deallocator, not a function. */
    xmlFreeFunc *deallocator = dlsym(library, "xmlFree");
    if (!deallocator || !*deallocator) {
        snprintf(api_error, sizeof api_error, "libxml2.so.2 has no xmlFree");
        return;
    }
    api.free = *deallocator;
}

int uvd_xml_feed_locations(const char *bytes, size_t length, void *context, uvd_xml_field_fn field,
                           char *error, size_t error_size) {
    pthread_once(&api_once, open_libxml2);
    if (api_error[0]) {
        snprintf(error, error_size, "%s", api_error);
        return -1;
    }
    if (length > INT_MAX) {
        snprintf(error, error_size, "the document is too large");
        return -1;
    }
    xmlDocPtr document = api.xmlReadMemory(bytes, (int)length, "uvvalues.xml", "UTF-8",
                                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (document == NULL) {
        const xmlError *last = api.xmlGetLastError();
        snprintf(error, error_size, "not XML: %s", last && last->message ? last->message : "unknown error");
        size_t end = strlen(error);
        while (end > 0 && (error[end - 1] == '\n' || error[end - 1] == ' ')) error[--end] = '\0';
        return -1;
    }
    xmlNodePtr root = api.xmlDocGetRootElement(document);
    if (root == NULL || root->name == NULL || strcmp((const char *)root->name, "stations") != 0) {
        snprintf(error, error_size, "no <stations> element");
        api.xmlFreeDoc(document);
        return -1;
    }
    int count = 0;
    for (xmlNodePtr location = root->children; location != NULL; location = location->next) {
        if (location->type != XML_ELEMENT_NODE || location->name == NULL ||
            strcmp((const char *)location->name, "location") != 0) continue;
        xmlChar *id = api.xmlGetProp(location, (const xmlChar *)"id");
        int any = 0;
        for (xmlNodePtr child = location->children; child != NULL; child = child->next) {
            if (child->type != XML_ELEMENT_NODE || child->name == NULL) continue;
            xmlChar *text = api.xmlNodeGetContent(child);
            field(context, count, id ? (const char *)id : "", (const char *)child->name, text ? (const char *)text : "");
            any = 1;
            if (text) api.free(text);
        }
        if (!any) field(context, count, id ? (const char *)id : "", "", "");
        if (id) api.free(id);
        count++;
    }
    api.xmlFreeDoc(document);
    return count;
}
