#ifndef QUIZLINE_CZSTD_SHIM_H
#define QUIZLINE_CZSTD_SHIM_H
// The experimental part too (ZSTD_decompressBound): zstd is linked statically (Linking/).
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#endif
