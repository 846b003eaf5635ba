#ifndef QUIZLINE_CIMAGECODECS_SHIM_H
#define QUIZLINE_CIMAGECODECS_SHIM_H
// The image decoders quizline draws pictures from (Debian's libpng-dev, libjpeg62-turbo-dev,
// libgif-dev, libwebp-dev). Swift calls libpng's simplified API (png_image_*, which reports errors
// in the image's message instead of a longjmp), giflib and libwebp (error codes) directly. libjpeg
// reports a fatal error by calling error_exit, which must not return: the two functions below keep
// the setjmp and the longjmp inside C, so no Swift frame is ever jumped over.
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <setjmp.h>
#include <png.h>
#include <jpeglib.h>
#include <gif_lib.h>
#include <webp/decode.h>

struct quizline_jpeg_error {
  struct jpeg_error_mgr mgr;
  jmp_buf jump;
  int warnings;
  char message[JMSG_LENGTH_MAX];
};

static void quizline_jpeg_error_exit(j_common_ptr info) {
  struct quizline_jpeg_error *e = (struct quizline_jpeg_error *)info->err;
  (*info->err->format_message)(info, e->message);
  longjmp(e->jump, 1);
}

static void quizline_jpeg_output_message(j_common_ptr info) {
  // Warnings (such as "Premature end of JPEG file") are counted, never printed on the terminal.
  struct quizline_jpeg_error *e = (struct quizline_jpeg_error *)info->err;
  e->warnings += 1;
  if (e->message[0] == 0) (*info->err->format_message)(info, e->message);
}

/// Reads a JPEG's header only: its size in pixels. Returns 0, or -1 with `message` set.
static inline int quizline_jpeg_size(const unsigned char *data, unsigned long size, int *width, int *height,
                                     char *message, size_t message_size) {
  struct jpeg_decompress_struct cinfo;
  struct quizline_jpeg_error err;
  memset(&err, 0, sizeof err);
  cinfo.err = jpeg_std_error(&err.mgr);
  err.mgr.error_exit = quizline_jpeg_error_exit;
  err.mgr.output_message = quizline_jpeg_output_message;
  if (setjmp(err.jump)) {
    snprintf(message, message_size, "%s", err.message);
    jpeg_destroy_decompress(&cinfo);
    return -1;
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, data, size);
  jpeg_read_header(&cinfo, TRUE);
  *width = (int)cinfo.image_width;
  *height = (int)cinfo.image_height;
  jpeg_destroy_decompress(&cinfo);
  return 0;
}

/// Decodes a JPEG into `out` (width × height × 4 bytes, RGBA, opaque), the size `quizline_jpeg_size`
/// gave. Returns 0, 1 when libjpeg warned (a damaged or truncated file it filled in), or -1 with
/// `message` set.
static inline int quizline_jpeg_decode(const unsigned char *data, unsigned long size, unsigned char *out,
                                       int width, int height, char *message, size_t message_size) {
  struct jpeg_decompress_struct cinfo;
  struct quizline_jpeg_error err;
  memset(&err, 0, sizeof err);
  cinfo.err = jpeg_std_error(&err.mgr);
  err.mgr.error_exit = quizline_jpeg_error_exit;
  err.mgr.output_message = quizline_jpeg_output_message;
  if (setjmp(err.jump)) {
    snprintf(message, message_size, "%s", err.message);
    jpeg_destroy_decompress(&cinfo);
    return -1;
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, data, size);
  jpeg_read_header(&cinfo, TRUE);
  if ((int)cinfo.image_width != width || (int)cinfo.image_height != height) {
    snprintf(message, message_size, "the size changed while reading");
    jpeg_destroy_decompress(&cinfo);
    return -1;
  }
  cinfo.out_color_space = JCS_EXT_RGBA;
  jpeg_start_decompress(&cinfo);
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = out + (size_t)cinfo.output_scanline * (size_t)width * 4;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  if (err.warnings > 0) {
    snprintf(message, message_size, "%s", err.message);
    return 1;
  }
  return 0;
}
#endif
