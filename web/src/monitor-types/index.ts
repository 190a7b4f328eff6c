import type { MonitorType } from '../api/types.js';
import { dns } from './dns/index.js';
import { domain } from './domain/index.js';
import { heartbeat } from './heartbeat/index.js';
import { http } from './http/index.js';
import type { MonitorTypeParts, MonitorTypeRegistry } from './part.js';
import { ping } from './ping/index.js';
import { ssl } from './ssl/index.js';
import { tcp } from './tcp/index.js';

/**
 * Every monitor type's dashboard parts: its form section, run view and detail card. A new type is
 * a folder beside these and one line here; a type left out, or a part left out, does not compile.
 */
export const MONITOR_TYPE_PARTS = { http, ssl, tcp, dns, heartbeat, ping, domain } satisfies MonitorTypeRegistry;

/**
 * The parts of a monitor's type, for code that holds a monitor of any type. Each type's parts take
 * a monitor of that type only; TypeScript cannot tie `monitor.type` to the key it reads, so the one
 * widening is here, where `partsOf(monitor.type)` is always given the monitor it came from.
 */
export function partsOf(type: MonitorType): MonitorTypeParts<MonitorType> {
  return MONITOR_TYPE_PARTS[type] as unknown as MonitorTypeParts<MonitorType>;
}
