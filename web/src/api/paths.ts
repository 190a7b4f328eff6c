import type { ParamsOption, RequestBodyOption } from 'openapi-fetch';
import type { paths } from './schema.js';

/** The API's paths as the server's OpenAPI document describes them. */
export type ApiPaths = paths;

export type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
type Operation<P extends keyof ApiPaths, M extends Method> = NonNullable<ApiPaths[P][M]>;
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Responses<P extends keyof ApiPaths, M extends Method> = Operation<P, M> extends { responses: infer R } ? R : never;

/** The JSON a successful call answers with (never for 204 No Content). */
export type Answer<P extends keyof ApiPaths, M extends Method> = Json<Responses<P, M>[keyof Responses<P, M> & (200 | 201 | 202)]>;
/** The JSON body a call sends. */
export type RequestBody<P extends keyof ApiPaths, M extends Method> = Json<NonNullable<Operation<P, M> extends { requestBody?: infer B } ? B : never>>;
/** The paths that answer a method. */
export type PathOf<M extends Method> = { [P in keyof ApiPaths]: ApiPaths[P][M] extends undefined ? never : P }[keyof ApiPaths];
/** What a call sends besides its path: its path and query parameters, and its body. */
export type CallInit<P extends keyof ApiPaths, M extends Method> = ParamsOption<Operation<P, M>> & RequestBodyOption<Operation<P, M>>;
