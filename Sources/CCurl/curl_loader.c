// See include/quizline_curl.h: libcurl through dlopen, with typed wrappers of its variadic calls.
#include "quizline_curl.h"

#include <dlfcn.h>
#include <stdio.h>

static struct {
  int loaded;
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *);
  CURLcode (*easy_perform)(CURL *);
  const char *(*easy_strerror)(CURLcode);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
} api;

#define QUIZLINE_BIND(field, name)                                                     \
  do {                                                                                 \
    *(void **)(&api.field) = dlsym(library, name);                                     \
    if (api.field == NULL) {                                                           \
      snprintf(error, error_size, "libcurl.so.4 has no %s", name);                     \
      return -1;                                                                       \
    }                                                                                  \
  } while (0)

int quizline_curl_load(char *error, size_t error_size) {
  if (api.loaded) return 0;
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(error, error_size, "cannot load libcurl (%s); on Debian or Ubuntu: apt-get install libcurl4", dlerror());
    return -1;
  }
  QUIZLINE_BIND(global_init, "curl_global_init");
  QUIZLINE_BIND(easy_init, "curl_easy_init");
  QUIZLINE_BIND(easy_cleanup, "curl_easy_cleanup");
  QUIZLINE_BIND(easy_perform, "curl_easy_perform");
  QUIZLINE_BIND(easy_strerror, "curl_easy_strerror");
  QUIZLINE_BIND(easy_setopt, "curl_easy_setopt");
  QUIZLINE_BIND(easy_getinfo, "curl_easy_getinfo");
  QUIZLINE_BIND(slist_append, "curl_slist_append");
  QUIZLINE_BIND(slist_free_all, "curl_slist_free_all");
  if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    snprintf(error, error_size, "libcurl could not be initialised");
    return -1;
  }
  api.loaded = 1;
  return 0;
}

CURL *quizline_curl_easy_init(void) { return api.easy_init(); }
void quizline_curl_easy_cleanup(CURL *handle) { api.easy_cleanup(handle); }
CURLcode quizline_curl_easy_perform(CURL *handle) { return api.easy_perform(handle); }
const char *quizline_curl_easy_strerror(CURLcode code) { return api.easy_strerror(code); }

struct curl_slist *quizline_curl_slist_append(struct curl_slist *list, const char *text) {
  return api.slist_append(list, text);
}

void quizline_curl_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }

CURLcode quizline_curl_set_long(CURL *handle, CURLoption option, long value) {
  return api.easy_setopt(handle, option, value);
}

CURLcode quizline_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return api.easy_setopt(handle, option, value);
}

CURLcode quizline_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return api.easy_setopt(handle, option, value);
}

CURLcode quizline_curl_set_body(CURL *handle, const char *bytes, long length) {
  CURLcode code = api.easy_setopt(handle, CURLOPT_POSTFIELDSIZE, length);
  return code != CURLE_OK ? code : api.easy_setopt(handle, CURLOPT_COPYPOSTFIELDS, bytes);
}

CURLcode quizline_curl_set_writer(CURL *handle, quizline_curl_write_callback writer, void *context) {
  CURLcode code = api.easy_setopt(handle, CURLOPT_WRITEFUNCTION, writer);
  return code != CURLE_OK ? code : api.easy_setopt(handle, CURLOPT_WRITEDATA, context);
}

CURLcode quizline_curl_set_basic_auth(CURL *handle, const char *user, const char *password) {
  CURLcode code = api.easy_setopt(handle, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
  if (code == CURLE_OK) code = api.easy_setopt(handle, CURLOPT_USERNAME, user);
  return code != CURLE_OK ? code : api.easy_setopt(handle, CURLOPT_PASSWORD, password);
}

long quizline_curl_status(CURL *handle) {
  long status = 0;
  return api.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK ? status : 0;
}
