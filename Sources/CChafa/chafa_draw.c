#include "quizline_chafa.h"
#include <chafa.h>
#include <stdlib.h>
#include <string.h>

char *quizline_chafa_draw(const uint8_t *pixels, int width, int height, int rowstride, quizline_chafa_mode mode,
                          int columns, int rows, int cell_width, int cell_height, int truecolor, size_t *length) {
  *length = 0;
  if (width <= 0 || height <= 0 || columns <= 0 || rows <= 0) return NULL;
  ChafaCanvasConfig *config = chafa_canvas_config_new();
  chafa_canvas_config_set_geometry(config, columns, rows);
  chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
  ChafaPixelMode pixel_mode = CHAFA_PIXEL_MODE_SYMBOLS;
  switch (mode) {
  case QUIZLINE_CHAFA_SIXELS: pixel_mode = CHAFA_PIXEL_MODE_SIXELS; break;
  case QUIZLINE_CHAFA_KITTY: pixel_mode = CHAFA_PIXEL_MODE_KITTY; break;
  case QUIZLINE_CHAFA_ITERM2: pixel_mode = CHAFA_PIXEL_MODE_ITERM2; break;
  default: break;
  }
  chafa_canvas_config_set_pixel_mode(config, pixel_mode);
  chafa_canvas_config_set_canvas_mode(config, truecolor ? CHAFA_CANVAS_MODE_TRUECOLOR : CHAFA_CANVAS_MODE_INDEXED_256);
  ChafaCanvas *canvas = chafa_canvas_new(config);
  chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels, width, height, rowstride);
  // The fallback terminal knows every sequence chafa can write; which one is used is quizline's
  // choice (detected or configured), not chafa's guess from the environment.
  ChafaTermInfo *info = chafa_term_db_get_fallback_info(chafa_term_db_get_default());
  GString *out = chafa_canvas_print(canvas, info);
  char *copy = NULL;
  if (out != NULL) {
    copy = malloc(out->len + 1);
    if (copy != NULL) {
      memcpy(copy, out->str, out->len);
      copy[out->len] = 0;
      *length = out->len;
    }
    g_string_free(out, TRUE);
  }
  chafa_term_info_unref(info);
  chafa_canvas_unref(canvas);
  chafa_canvas_config_unref(config);
  return copy;
}
