#ifndef SEGUE_CXKBCOMMON_SHIM_H
#define SEGUE_CXKBCOMMON_SHIM_H
#include <xkbcommon/xkbcommon.h>
#endif
