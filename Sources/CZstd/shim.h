#ifndef QUIZLINE_CZSTD_SHIM_H
#define QUIZLINE_CZSTD_SHIM_H
#include <zstd.h>
#endif
