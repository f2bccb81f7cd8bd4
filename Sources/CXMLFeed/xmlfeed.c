#include "xmlfeed.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

int uvd_xml_feed_locations(const char *bytes, size_t length, void *context, uvd_xml_field_fn field,
                           char *error, size_t error_size) {
    if (length > INT_MAX) {
        snprintf(error, error_size, "the document is too large");
        return -1;
    }
    xmlDocPtr document = xmlReadMemory(bytes, (int)length, "uvvalues.xml", "UTF-8",
                                       XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (document == NULL) {
        const xmlError *last = xmlGetLastError();
        snprintf(error, error_size, "not XML: %s", last && last->message ? last->message : "unknown error");
        size_t end = strlen(error);
        while (end > 0 && (error[end - 1] == '\n' || error[end - 1] == ' ')) error[--end] = '\0';
        return -1;
    }
    xmlNodePtr root = xmlDocGetRootElement(document);
    if (root == NULL || root->name == NULL || strcmp((const char *)root->name, "stations") != 0) {
        snprintf(error, error_size, "no <stations> element");
        xmlFreeDoc(document);
        return -1;
    }
    int count = 0;
    for (xmlNodePtr location = root->children; location != NULL; location = location->next) {
        if (location->type != XML_ELEMENT_NODE || location->name == NULL ||
            strcmp((const char *)location->name, "location") != 0) continue;
        xmlChar *id = xmlGetProp(location, (const xmlChar *)"id");
        int any = 0;
        for (xmlNodePtr child = location->children; child != NULL; child = child->next) {
            if (child->type != XML_ELEMENT_NODE || child->name == NULL) continue;
            xmlChar *text = xmlNodeGetContent(child);
            field(context, count, id ? (const char *)id : "", (const char *)child->name, text ? (const char *)text : "");
            any = 1;
            if (text) xmlFree(text);
        }
        if (!any) field(context, count, id ? (const char *)id : "", "", "");
        if (id) xmlFree(id);
        count++;
    }
    xmlFreeDoc(document);
    return count;
}
