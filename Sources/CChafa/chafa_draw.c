// See include/quizline_chafa.h: libchafa through dlopen, on the first picture drawn.
#include "quizline_chafa.h"
#include <chafa.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The library's functions this file calls, typed from chafa.h (and glib's, which libchafa loads).
struct chafa_api {
  __typeof__(chafa_canvas_config_new) *canvas_config_new;
  __typeof__(chafa_canvas_config_set_geometry) *canvas_config_set_geometry;
  __typeof__(chafa_canvas_config_set_cell_geometry) *canvas_config_set_cell_geometry;
  __typeof__(chafa_canvas_config_set_pixel_mode) *canvas_config_set_pixel_mode;
  __typeof__(chafa_canvas_config_set_canvas_mode) *canvas_config_set_canvas_mode;
  __typeof__(chafa_canvas_config_unref) *canvas_config_unref;
  __typeof__(chafa_canvas_new) *canvas_new;
  __typeof__(chafa_canvas_draw_all_pixels) *canvas_draw_all_pixels;
  __typeof__(chafa_canvas_print) *canvas_print;
  __typeof__(chafa_canvas_unref) *canvas_unref;
  __typeof__(chafa_term_db_get_default) *term_db_get_default;
  __typeof__(chafa_term_db_get_fallback_info) *term_db_get_fallback_info;
  __typeof__(chafa_term_info_unref) *term_info_unref;
  gchar *(*string_free)(GString *, gboolean);
};

#define QUIZLINE_BIND(field, name)                                                     \
  do {                                                                                 \
    *(void **)(&api->field) = dlsym(library, name);                                    \
    if (api->field == NULL) {                                                          \
      snprintf(error, error_size, "%s has no %s", path, name);                         \
      dlclose(library);                                                                \
      return -1;                                                                       \
    }                                                                                  \
  } while (0)

static int bind(const char *path, struct chafa_api *api, char *error, size_t error_size) {
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(error, error_size, "cannot load %s (%s); on Debian or Ubuntu: apt-get install libchafa0", path,
             dlerror());
    return -1;
  }
  QUIZLINE_BIND(canvas_config_new, "chafa_canvas_config_new");
  QUIZLINE_BIND(canvas_config_set_geometry, "chafa_canvas_config_set_geometry");
  QUIZLINE_BIND(canvas_config_set_cell_geometry, "chafa_canvas_config_set_cell_geometry");
  QUIZLINE_BIND(canvas_config_set_pixel_mode, "chafa_canvas_config_set_pixel_mode");
  QUIZLINE_BIND(canvas_config_set_canvas_mode, "chafa_canvas_config_set_canvas_mode");
  QUIZLINE_BIND(canvas_config_unref, "chafa_canvas_config_unref");
  QUIZLINE_BIND(canvas_new, "chafa_canvas_new");
  QUIZLINE_BIND(canvas_draw_all_pixels, "chafa_canvas_draw_all_pixels");
  QUIZLINE_BIND(canvas_print, "chafa_canvas_print");
  QUIZLINE_BIND(canvas_unref, "chafa_canvas_unref");
  QUIZLINE_BIND(term_db_get_default, "chafa_term_db_get_default");
  QUIZLINE_BIND(term_db_get_fallback_info, "chafa_term_db_get_fallback_info");
  QUIZLINE_BIND(term_info_unref, "chafa_term_info_unref");
  // glib's, found through libchafa's own dependencies.
  QUIZLINE_BIND(string_free, "g_string_free");
  return 0;
}

int quizline_chafa_try_load(const char *path, char *error, size_t error_size) {
  struct chafa_api api;
  return bind(path, &api, error, error_size);
}

static struct chafa_api api;
static int loaded;
static char load_error[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) { loaded = bind(QUIZLINE_CHAFA_LIBRARY, &api, load_error, sizeof load_error) == 0; }

const char *quizline_chafa_load_error(void) {
  pthread_once(&load_once, load);
  return loaded ? NULL : load_error;
}

char *quizline_chafa_draw(const uint8_t *pixels, int width, int height, int rowstride, quizline_chafa_mode mode,
                          int columns, int rows, int cell_width, int cell_height, int truecolor, size_t *length) {
  *length = 0;
  if (width <= 0 || height <= 0 || columns <= 0 || rows <= 0) return NULL;
  if (quizline_chafa_load_error() != NULL) return NULL;
  ChafaCanvasConfig *config = api.canvas_config_new();
  api.canvas_config_set_geometry(config, columns, rows);
  api.canvas_config_set_cell_geometry(config, cell_width, cell_height);
  ChafaPixelMode pixel_mode = CHAFA_PIXEL_MODE_SYMBOLS;
  switch (mode) {
  case QUIZLINE_CHAFA_SIXELS: pixel_mode = CHAFA_PIXEL_MODE_SIXELS; break;
  case QUIZLINE_CHAFA_KITTY: pixel_mode = CHAFA_PIXEL_MODE_KITTY; break;
  case QUIZLINE_CHAFA_ITERM2: pixel_mode = CHAFA_PIXEL_MODE_ITERM2; break;
  default: break;
  }
  api.canvas_config_set_pixel_mode(config, pixel_mode);
  api.canvas_config_set_canvas_mode(config, truecolor ? CHAFA_CANVAS_MODE_TRUECOLOR : CHAFA_CANVAS_MODE_INDEXED_256);
  ChafaCanvas *canvas = api.canvas_new(config);
  api.canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels, width, height, rowstride);
  // The fallback terminal knows every sequence chafa can write; which one is used is quizline's
  // choice (detected or configured), not chafa's guess from the environment.
  ChafaTermInfo *info = api.term_db_get_fallback_info(api.term_db_get_default());
  GString *out = api.canvas_print(canvas, info);
  char *copy = NULL;
  if (out != NULL) {
    copy = malloc(out->len + 1);
    if (copy != NULL) {
      memcpy(copy, out->str, out->len);
      copy[out->len] = 0;
      *length = out->len;
    }
    api.string_free(out, TRUE);
  }
  api.term_info_unref(info);
  api.canvas_unref(canvas);
  api.canvas_config_unref(config);
  return copy;
}
