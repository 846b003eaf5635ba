#ifndef QUIZLINE_CZLIB_SHIM_H
#define QUIZLINE_CZLIB_SHIM_H
#include <zlib.h>
#endif
