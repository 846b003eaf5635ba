#ifndef QUIZLINE_CHAFA_H
#define QUIZLINE_CHAFA_H
// A plain-C face on libchafa (Debian's libchafa-dev), so that Swift code importing it needs no
// glib header: chafa.h includes glib.h, whose folders only this target's C file is compiled with.
#include <stddef.h>
#include <stdint.h>

/// How chafa draws: Unicode symbol art, or a terminal graphics protocol.
typedef enum {
  QUIZLINE_CHAFA_SYMBOLS = 0,
  QUIZLINE_CHAFA_SIXELS = 1,
  QUIZLINE_CHAFA_KITTY = 2,
  QUIZLINE_CHAFA_ITERM2 = 3,
} quizline_chafa_mode;

/// Draws `width` × `height` RGBA pixels (unassociated alpha, `rowstride` bytes a row) on a canvas of
/// `columns` × `rows` terminal cells of `cell_width` × `cell_height` pixels; symbols use 24-bit
/// colour when `truecolor` is non-zero, else the 256-colour palette. Returns the escape text (free
/// it with `free`) and its length in `length`, or NULL when chafa made nothing.
char *quizline_chafa_draw(const uint8_t *pixels, int width, int height, int rowstride, quizline_chafa_mode mode,
                          int columns, int rows, int cell_width, int cell_height, int truecolor, size_t *length);

#endif
