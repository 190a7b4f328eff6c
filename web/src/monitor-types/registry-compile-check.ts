/*
 * Compile-time proof, checked by `tsc -p web/tsconfig.json`, that the registry of monitor types
 * refuses a type without its parts: each `@ts-expect-error` below fails the build if the line under
 * it ever compiles. Nothing imports this file, so it is never in the bundle.
 */
import { MONITOR_TYPE_PARTS } from './index.js';
import type { MonitorTypeRegistry } from './part.js';

const { dns: _dns, ...withoutDns } = MONITOR_TYPE_PARTS;
// @ts-expect-error -- a registry without the DNS type is not a registry of every type.
export const missingType: MonitorTypeRegistry = withoutDns;

const { RunView: _runView, ...httpWithoutRunView } = MONITOR_TYPE_PARTS.http.detail;
// @ts-expect-error -- an HTTP type without its run view lacks a part.
export const missingPart: MonitorTypeRegistry = { ...MONITOR_TYPE_PARTS, http: { ...MONITOR_TYPE_PARTS.http, detail: httpWithoutRunView } };

const { load: _load, ...sslFormWithoutLoad } = MONITOR_TYPE_PARTS.ssl.form;
// @ts-expect-error -- an SSL form without the reading of a stored monitor lacks a part.
export const missingFormPart: MonitorTypeRegistry = { ...MONITOR_TYPE_PARTS, ssl: { ...MONITOR_TYPE_PARTS.ssl, form: sslFormWithoutLoad } };

// @ts-expect-error -- a card of another type's monitor is not the TCP type's card.
export const wrongCard: MonitorTypeRegistry = { ...MONITOR_TYPE_PARTS, tcp: { ...MONITOR_TYPE_PARTS.tcp, detail: MONITOR_TYPE_PARTS.dns.detail } };
