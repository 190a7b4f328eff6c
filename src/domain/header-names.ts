/** An HTTP field name (RFC 9110 `token`): letters, digits and !#$%&'*+-.^_`|~, nothing else. */
export const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export const HEADER_TOKEN_MESSAGE = "must be an HTTP header name: letters, digits and !#$%&'*+-.^_`|~ only";

/** Headers whose value the HTTP client decides (framing and the connection): a monitor never sets them. */
export const RESERVED_HEADERS = ['host', 'content-length', 'transfer-encoding', 'connection'];
