#ifndef SEGUE_SCHEMA_H
#define SEGUE_SCHEMA_H

/* Reads a GSettings schema file with libxml2, in C so that libxml2's headers
 * stay out of Swift. */

typedef void (*segue_schema_key_fn)(void *context, const char *name, const char *type, const char *default_text);

/* Calls `each` for every <schema>'s <key name type> with a <default>, in
 * file order. Returns 0; or -1 where the file is not well-formed XML, with
 * `line`, `column` and `message` (to free()) saying where and why. Hidden:
 * it is Segue's own, not part of libsegue's ABI. */
__attribute__((visibility("hidden")))
int segue_schema_read(const char *path, void *context, segue_schema_key_fn each, int *line, int *column, char **message);

#endif
