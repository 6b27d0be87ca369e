#ifndef SEGUE_CWAYLANDPROTOCOLS_H
#define SEGUE_CWAYLANDPROTOCOLS_H
// This target only compiles the generated protocol tables (xdg_wm_base_interface and
// friends); the client and server protocol headers declare them.
#endif
