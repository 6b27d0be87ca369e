#ifndef SEGUE_CGLES_SHIM_H
#define SEGUE_CGLES_SHIM_H
#include <GLES3/gl3.h>
// GL_BGRA_EXT (GL_EXT_texture_format_BGRA8888): textures in wl_shm's byte order.
#include <GLES2/gl2ext.h>
#endif
