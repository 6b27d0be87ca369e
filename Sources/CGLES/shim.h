#ifndef SEGUE_CGLES_SHIM_H
#define SEGUE_CGLES_SHIM_H
#include <GLES3/gl3.h>
#endif
