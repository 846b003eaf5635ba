// libcurl for `quizline xapi push`, loaded when a push starts (dlopen of libcurl.so.4), not linked:
// linking it would make every quizline start load libcurl and about thirty libraries it needs
// (TLS, HTTP/2, LDAP, Kerberos…) for one command (Linking/README.md). Its header (Debian's
// libcurl4-openssl-dev) gives the types and constants. curl_easy_setopt and curl_easy_getinfo are
// variadic, which Swift cannot call, so these typed functions are the only way Swift uses libcurl
// (Sources/QuizlineCLI/Xapi/CurlTransport.swift).
#include <curl/curl.h>
#include <stddef.h>

typedef size_t (*quizline_curl_write_callback)(char *data, size_t size, size_t count, void *context);

/// Loads libcurl and initialises it once; 0 when it is ready, else -1 with a message in `error`.
int quizline_curl_load(char *error, size_t error_size);

CURL *quizline_curl_easy_init(void);
void quizline_curl_easy_cleanup(CURL *handle);
CURLcode quizline_curl_easy_perform(CURL *handle);
const char *quizline_curl_easy_strerror(CURLcode code);
struct curl_slist *quizline_curl_slist_append(struct curl_slist *list, const char *text);
void quizline_curl_slist_free_all(struct curl_slist *list);

CURLcode quizline_curl_set_long(CURL *handle, CURLoption option, long value);
CURLcode quizline_curl_set_string(CURL *handle, CURLoption option, const char *value);
CURLcode quizline_curl_set_pointer(CURL *handle, CURLoption option, void *value);
/// The request body, copied by libcurl (CURLOPT_POSTFIELDSIZE, CURLOPT_COPYPOSTFIELDS).
CURLcode quizline_curl_set_body(CURL *handle, const char *bytes, long length);
CURLcode quizline_curl_set_writer(CURL *handle, quizline_curl_write_callback writer, void *context);
/// HTTP Basic authentication (CURLOPT_HTTPAUTH, CURLOPT_USERNAME, CURLOPT_PASSWORD).
CURLcode quizline_curl_set_basic_auth(CURL *handle, const char *user, const char *password);
/// The response's status code, 0 when none.
long quizline_curl_status(CURL *handle);
