// libcurl (Debian's libcurl4-openssl-dev) for `quizline xapi push`: HTTP(S) POST and GET to a Learning
// Record Store. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these
// typed wrappers are the only way Swift sets options (Sources/QuizlineCLI/Xapi/CurlTransport.swift).
// Linked as a shared library, as chafa is (Linking/README.md).
#include <curl/curl.h>

typedef size_t (*quizline_curl_write_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode quizline_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode quizline_curl_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode quizline_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode quizline_curl_set_body(CURL *handle, const char *bytes, long length) {
  CURLcode code = curl_easy_setopt(handle, CURLOPT_POSTFIELDSIZE, length);
  return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_COPYPOSTFIELDS, bytes);
}

static inline CURLcode quizline_curl_set_writer(CURL *handle, quizline_curl_write_callback writer, void *context) {
  CURLcode code = curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, writer);
  return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_WRITEDATA, context);
}

static inline long quizline_curl_status(CURL *handle) {
  long status = 0;
  return curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK ? status : 0;
}

static inline CURLcode quizline_curl_set_basic_auth(CURL *handle, const char *user, const char *password) {
  CURLcode code = curl_easy_setopt(handle, CURLOPT_HTTPAUTH, (long)CURLAUTH_BASIC);
  if (code == CURLE_OK) code = curl_easy_setopt(handle, CURLOPT_USERNAME, user);
  return code != CURLE_OK ? code : curl_easy_setopt(handle, CURLOPT_PASSWORD, password);
}
