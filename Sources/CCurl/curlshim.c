#include "curlshim.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct uvd_http_transfer {
    atomic_int cancelled;
};

typedef struct {
    char *data;
    size_t length;
    size_t limit;
    int over_limit;
} buffer;

/* libcurl is opened at the first transfer, not linked: with it come TLS, Kerberos, LDAP, SSH and
 * two dozen more libraries that uvd would otherwise load, relocate and initialise at every start,
 * before READY, to use minutes later. */
#define CURL_FUNCTIONS(X) X(curl_global_init) X(curl_easy_init) X(curl_easy_setopt) X(curl_easy_perform) \
    X(curl_easy_getinfo) X(curl_easy_cleanup) X(curl_easy_strerror) X(curl_slist_append) X(curl_slist_free_all)
#define CURL_POINTER(name) __typeof__(&name) name;
static struct { CURL_FUNCTIONS(CURL_POINTER) } api;

int uvd_http_global_init(char *error, size_t error_size) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, error_size, "libcurl cannot be loaded (%s); install the libcurl4 package", dlerror());
        return -1;
    }
#define CURL_RESOLVE(name) \
    if (!(api.name = (__typeof__(&name))dlsym(library, #name))) { \
        snprintf(error, error_size, "libcurl.so.4 has no %s", #name); \
        return -1; \
    }
    CURL_FUNCTIONS(CURL_RESOLVE)
    if (api.curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(error, error_size, "libcurl could not start (curl_global_init)");
        return -1;
    }
    return 0;
}

uvd_http_transfer *uvd_http_transfer_new(void) {
    uvd_http_transfer *transfer = calloc(1, sizeof *transfer);
    if (transfer) atomic_init(&transfer->cancelled, 0);
    return transfer;
}

void uvd_http_transfer_cancel(uvd_http_transfer *transfer) { atomic_store(&transfer->cancelled, 1); }

void uvd_http_transfer_free(uvd_http_transfer *transfer) { free(transfer); }

void uvd_http_response_free(uvd_http_response *response) {
    free(response->body);
    free(response->headers);
    response->body = NULL;
    response->headers = NULL;
}

/* Appends what fits under the limit; over it, refuses the chunk, which stops the transfer. */
static size_t append(buffer *into, const char *bytes, size_t length) {
    if (length > into->limit - into->length) {
        into->over_limit = 1;
        return 0;
    }
    char *grown = realloc(into->data, into->length + length + 1);
    if (!grown) return 0;
    memcpy(grown + into->length, bytes, length);
    into->data = grown;
    into->length += length;
    into->data[into->length] = '\0';
    return length;
}

static size_t on_body(char *bytes, size_t size, size_t count, void *context) {
    return append(context, bytes, size * count);
}

/* Keeps only the last response's headers: a redirect's are dropped at the next status line. */
static size_t on_header(char *bytes, size_t size, size_t count, void *context) {
    buffer *headers = context;
    size_t length = size * count;
    if (length >= 5 && strncmp(bytes, "HTTP/", 5) == 0) headers->length = 0;
    return append(headers, bytes, length) == length ? length : 0;
}

static int on_progress(void *context, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow) {
    (void)dltotal; (void)dlnow; (void)ultotal; (void)ulnow;
    return atomic_load(&((uvd_http_transfer *)context)->cancelled) ? 1 : 0;
}

int uvd_http_transfer_perform(uvd_http_transfer *transfer, const uvd_http_request *request, uvd_http_response *response) {
    memset(response, 0, sizeof *response);
    CURL *curl = api.curl_easy_init();
    if (!curl) {
        snprintf(response->error, sizeof response->error, "libcurl could not start a transfer");
        return CURLE_FAILED_INIT;
    }
    buffer body = {NULL, 0, request->maximum_bytes, 0};
    buffer headers = {NULL, 0, 64 * 1024, 0};
    struct curl_slist *lines = NULL;
    for (size_t i = 0; i < request->header_count; i++) lines = api.curl_slist_append(lines, request->headers[i]);
    char message[CURL_ERROR_SIZE] = "";

    api.curl_easy_setopt(curl, CURLOPT_URL, request->url);
    api.curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    api.curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    api.curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    api.curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 3L);
    api.curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    api.curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    api.curl_easy_setopt(curl, CURLOPT_USERAGENT, request->user_agent);
    api.curl_easy_setopt(curl, CURLOPT_HTTPHEADER, lines);
    api.curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, request->deadline_ms);
    api.curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request->deadline_ms < 10000 ? request->deadline_ms : 10000L);
    api.curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    api.curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, request->stall_seconds);
    api.curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->maximum_bytes);
    api.curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    api.curl_easy_setopt(curl, CURLOPT_WRITEDATA, &body);
    api.curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    api.curl_easy_setopt(curl, CURLOPT_HEADERDATA, &headers);
    api.curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    api.curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
    api.curl_easy_setopt(curl, CURLOPT_XFERINFODATA, transfer);
    api.curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, message);

    CURLcode code = api.curl_easy_perform(curl);
    api.curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response->status);
    api.curl_slist_free_all(lines);
    api.curl_easy_cleanup(curl);

    if (code == CURLE_OK) {
        response->body = body.data;
        response->body_length = body.length;
        response->headers = headers.data;
        response->headers_length = headers.length;
        return CURLE_OK;
    }
    response->over_limit = body.over_limit;
    snprintf(response->error, sizeof response->error, "%s", message[0] ? message : api.curl_easy_strerror(code));
    free(body.data);
    free(headers.data);
    return code;
}
