#ifndef CBUILDINFO_H
#define CBUILDINFO_H

/// The product's version (the checkout's VERSION file).
const char *moments_version(void);
/// The commit the binary was built from, "" when the build did not know it.
const char *moments_commit(void);
/// When the binary was built (ISO 8601, UTC), "" when the build did not say.
const char *moments_build_date(void);

#endif
