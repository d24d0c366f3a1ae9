#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H

/// glibc's malloc tuning (`mallopt`), which the Glibc module does not bring.
#include <malloc.h>

#endif
