#include "segue_schema.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

static int is_element(const xmlNode *node, const char *name) {
    return node->type == XML_ELEMENT_NODE && strcmp((const char *)node->name, name) == 0;
}

static void read_key(xmlNode *key, void *context, segue_schema_key_fn each) {
    xmlChar *name = xmlGetProp(key, (const xmlChar *)"name");
    xmlChar *type = xmlGetProp(key, (const xmlChar *)"type");
    for (xmlNode *child = key->children; child && name && type; child = child->next) {
        if (!is_element(child, "default")) continue;
        xmlChar *text = xmlNodeGetContent(child);
        if (text) each(context, (const char *)name, (const char *)type, (const char *)text);
        xmlFree(text);
        break;
    }
    xmlFree(name);
    xmlFree(type);
}

/* The file's first error, which names its cause; later ones follow from it. */
struct first_error {
    int line, column;
    char *message;
};

#if LIBXML_VERSION >= 21200
static void keep_first(void *data, const xmlError *error) {
#else
static void keep_first(void *data, xmlErrorPtr error) {
#endif
    struct first_error *first = data;
    if (first->message || !error || error->level < XML_ERR_ERROR) return;
    first->line = error->line;
    first->column = error->int2;
    first->message = strdup(error->message ? error->message : "unreadable");
}

int segue_schema_read(const char *path, void *context, segue_schema_key_fn each, int *line, int *column, char **message) {
    struct first_error first = {0, 0, NULL};
    /* The handler, not stderr, hears errors; no network is read. */
    xmlSetStructuredErrorFunc(&first, keep_first);
    xmlDoc *document = xmlReadFile(path, NULL, XML_PARSE_NONET);
    xmlSetStructuredErrorFunc(NULL, NULL);
    if (!document || first.message) {
        xmlFreeDoc(document);
        *line = first.line;
        *column = first.column;
        *message = first.message ? first.message : strdup("unreadable");
        return -1;
    }
    xmlNode *root = xmlDocGetRootElement(document);
    for (xmlNode *schema = root ? root->children : NULL; schema; schema = schema->next) {
        if (!is_element(schema, "schema")) continue;
        for (xmlNode *key = schema->children; key; key = key->next) {
            if (is_element(key, "key")) read_key(key, context, each);
        }
    }
    xmlFreeDoc(document);
    return 0;
}
