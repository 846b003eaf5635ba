#ifndef QUIZLINE_CSQLITE_SHIM_H
#define QUIZLINE_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
