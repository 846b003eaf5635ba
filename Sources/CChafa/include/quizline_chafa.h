#ifndef QUIZLINE_CHAFA_H
#define QUIZLINE_CHAFA_H
// A plain-C face on libchafa (Debian's libchafa-dev), so that Swift code importing it needs no
// glib header: chafa.h includes glib.h, whose folders only this target's C file is compiled with.
// libchafa (with the glib and pcre2 it loads) is opened with dlopen when the first picture is drawn,
// not linked: a start that draws no picture does not load three shared libraries.
#include <stddef.h>
#include <stdint.h>

/// How chafa draws: Unicode symbol art, or a terminal graphics protocol.
typedef enum {
  QUIZLINE_CHAFA_SYMBOLS = 0,
  QUIZLINE_CHAFA_SIXELS = 1,
  QUIZLINE_CHAFA_KITTY = 2,
  QUIZLINE_CHAFA_ITERM2 = 3,
} quizline_chafa_mode;

/// The library opened on the first picture drawn.
#define QUIZLINE_CHAFA_LIBRARY "libchafa.so.0"

/// NULL once libchafa is loaded (it is loaded on the first call), else why it could not be: the
/// library and dlopen's words, with the Debian package to install.
const char *quizline_chafa_load_error(void);

/// Opens the library at `path` and looks up every function drawing needs, without keeping them: 0,
/// or -1 with the reason in `error` (for tests of the message; drawing loads QUIZLINE_CHAFA_LIBRARY).
int quizline_chafa_try_load(const char *path, char *error, size_t error_size);

/// Draws `width` × `height` RGBA pixels (unassociated alpha, `rowstride` bytes a row) on a canvas of
/// `columns` × `rows` terminal cells of `cell_width` × `cell_height` pixels; symbols use 24-bit
/// colour when `truecolor` is non-zero, else the 256-colour palette. Returns the escape text (free
/// it with `free`) and its length in `length`, or NULL when chafa made nothing or could not be loaded
/// (`quizline_chafa_load_error`).
char *quizline_chafa_draw(const uint8_t *pixels, int width, int height, int rowstride, quizline_chafa_mode mode,
                          int columns, int rows, int cell_width, int cell_height, int truecolor, size_t *length);

#endif
