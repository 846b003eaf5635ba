/* Reads 48 x 32 RGB pixels on stdin; writes stripes.jpg, stripes.gif and stripes.webp with the
   Debian encoders (make-fixtures.py runs it). */
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
#include <gif_lib.h>
#include <webp/encode.h>

enum { W = 48, H = 32 };

int main(void) {
  static unsigned char rgb[W * H * 3];
  if (fread(rgb, 1, sizeof rgb, stdin) != sizeof rgb) return 1;

  struct jpeg_compress_struct c;
  struct jpeg_error_mgr e;
  c.err = jpeg_std_error(&e);
  jpeg_create_compress(&c);
  FILE *f = fopen("stripes.jpg", "wb");
  jpeg_stdio_dest(&c, f);
  c.image_width = W;
  c.image_height = H;
  c.input_components = 3;
  c.in_color_space = JCS_RGB;
  jpeg_set_defaults(&c);
  jpeg_set_quality(&c, 95, TRUE);
  jpeg_start_compress(&c, TRUE);
  while (c.next_scanline < H) {
    JSAMPROW row = rgb + c.next_scanline * W * 3;
    jpeg_write_scanlines(&c, &row, 1);
  }
  jpeg_finish_compress(&c);
  fclose(f);
  jpeg_destroy_compress(&c);

  int err = 0;
  GifFileType *g = EGifOpenFileName("stripes.gif", false, &err);
  GifColorType colours[4] = {{255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {0, 0, 0}};
  ColorMapObject *map = GifMakeMapObject(4, colours);
  EGifPutScreenDesc(g, W, H, 2, 0, map);
  EGifPutImageDesc(g, 0, 0, W, H, false, NULL);
  GifPixelType line[W];
  for (int y = 0; y < H; y++) {
    for (int x = 0; x < W; x++) line[x] = (GifPixelType)(x / 16);
    EGifPutLine(g, line, W);
  }
  EGifCloseFile(g, &err);
  GifFreeMapObject(map);

  uint8_t *out = NULL;
  size_t n = WebPEncodeLosslessRGB(rgb, W, H, W * 3, &out);
  f = fopen("stripes.webp", "wb");
  fwrite(out, 1, n, f);
  fclose(f);
  WebPFree(out);
  return 0;
}
