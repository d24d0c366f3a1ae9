#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

/// The system's zlib: deflate, and the CRC-32 that gzip's trailer carries.
#include <zlib.h>

#endif
