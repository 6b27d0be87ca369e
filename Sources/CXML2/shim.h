#ifndef SEGUE_CXML2_SHIM_H
#define SEGUE_CXML2_SHIM_H

/* libxml2 for CSegueSchema, whose C keeps its headers (which bring the
 * system's ICU, at odds with Foundation's) out of Swift. */
#include <libxml/parser.h>
#include <libxml/tree.h>

#endif
