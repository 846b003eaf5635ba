#ifndef QUIZLINE_CEDITLINE_SHIM_H
#define QUIZLINE_CEDITLINE_SHIM_H
#include <stdio.h>
#include <editline/readline.h>
#endif
