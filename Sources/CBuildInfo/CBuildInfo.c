// Swift reads no value from a -D flag, so the build's identity (Package.swift's defines) is
// compiled here; only this file recompiles when the commit or the date changes.
#include "CBuildInfo.h"

const char *moments_version(void) { return MOMENTS_VERSION; }
const char *moments_commit(void) { return MOMENTS_COMMIT; }
const char *moments_build_date(void) { return MOMENTS_BUILD_DATE; }
