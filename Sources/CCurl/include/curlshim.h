#ifndef UVD_CURLSHIM_H
#define UVD_CURLSHIM_H

#include <stddef.h>

/* One GET request with uvd's limits, through libcurl's easy API. */
typedef struct {
    const char *url;
    const char *const *headers; /* "Name: value" lines */
    size_t header_count;
    const char *user_agent;
    long deadline_ms;        /* the whole request, body included */
    long stall_seconds;      /* abort when under 1 byte/s for this long */
    size_t maximum_bytes;    /* of the decoded body */
} uvd_http_request;

typedef struct {
    long status;
    char *body;           /* malloc'd; free with uvd_http_response_free */
    size_t body_length;
    char *headers;        /* the final response's header lines, "\r\n"-separated */
    size_t headers_length;
    int over_limit;       /* the decoded body passed maximum_bytes */
    char error[256];      /* libcurl's message, when the transfer did not end with CURLE_OK */
} uvd_http_response;

typedef struct uvd_http_transfer uvd_http_transfer;

/* Once per process, before any transfer: opens libcurl.so.4 and runs curl_global_init. 0, or
 * -1 with the reason in `error`. */
int uvd_http_global_init(char *error, size_t error_size);

uvd_http_transfer *uvd_http_transfer_new(void);
/* Asks a running transfer to stop; safe from any thread. */
void uvd_http_transfer_cancel(uvd_http_transfer *transfer);
/* Performs the request on the calling thread (it blocks until done); returns libcurl's
 * CURLcode, 0 (CURLE_OK) when it ended well. What a failure means is sorted in Swift
 * (CurlHTTPClient). */
int uvd_http_transfer_perform(uvd_http_transfer *transfer, const uvd_http_request *request, uvd_http_response *response);
void uvd_http_transfer_free(uvd_http_transfer *transfer);
void uvd_http_response_free(uvd_http_response *response);

#endif
