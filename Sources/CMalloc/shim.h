#ifndef SEGUE_CMALLOC_SHIM_H
#define SEGUE_CMALLOC_SHIM_H
// glibc's allocator tuning (mallopt), which Swift's Glibc module leaves out.
#include <malloc.h>
#endif
