#ifndef QUIZLINE_CCMARK_SHIM_H
#define QUIZLINE_CCMARK_SHIM_H
// cmark-gfm (Debian's libcmark-gfm-dev and libcmark-gfm-extensions-dev): CommonMark with GitHub's
// tables and task lists, with source positions. Markdown banks and sessions are parsed with it.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#endif
