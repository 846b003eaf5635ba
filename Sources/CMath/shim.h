// The C functions the pure core may use: arithmetic (pow, exp, log), number parsing (strtod) and
// byte search and comparison (memchr, memcmp). No file, process or terminal API is reachable from
// here; `scripts/lint/pure-core.sh` checks that QuizlineCore imports nothing else from C.
#include <math.h>
#include <stdlib.h>
#include <string.h>
