#ifndef QUIZLINE_CEDITLINE_SHIM_H
#define QUIZLINE_CEDITLINE_SHIM_H
#include <stdio.h>
#include <editline/readline.h>

/* Setters and getters for libedit's mutable globals: Swift 6 rejects touching C globals directly
   as not concurrency-safe, and quizline only uses them from the one thread that reads lines. */
static inline void quizline_rl_set_completion(rl_completion_func_t *f) { rl_attempted_completion_function = f; }
static inline void quizline_rl_set_completion_over(int v) { rl_attempted_completion_over = v; }
static inline void quizline_rl_set_append_character(int c) { rl_completion_append_character = c; }
static inline void quizline_rl_set_name(const char *name) { rl_readline_name = name; }
static inline void quizline_rl_set_getc(int (*f)(FILE *)) { rl_getc_function = f; }
static inline const char *quizline_rl_line_buffer(void) { return rl_line_buffer; }
static inline int quizline_history_length(void) { return history_length; }
static inline int quizline_history_base(void) { return history_base; }
#endif
