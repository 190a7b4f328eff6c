/* The API's enumerations that forms offer as choices, in the order shown: the shared vocabulary's
   lists, each checked against the generated API types. */
import {
  CHANNEL_TYPES as CHANNELS,
  CUSTOM_METHODS as CUSTOM,
  HTTP_METHODS as METHODS,
  NOTIFY_ON as NOTIFY,
  REGIONS as ALL_REGIONS,
} from '../../../src/shared/vocabulary.js';
import type { Channel, HttpMethod, NotifyOn, Region } from './types.js';

/** The list of every value of `T`, checked: a value the API adds, drops or renames is a type error here. */
function every<T extends string>() {
  return <const L extends readonly T[]>(list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> })): L => list;
}

/** The built-in regions the form offers. A monitor's regions are names (the installation may add more, served by probes). */
export const REGIONS: readonly Region[] = ALL_REGIONS;
export const HTTP_METHODS = every<HttpMethod>()(METHODS);
export const NOTIFY_ON = every<NotifyOn>()(NOTIFY);
export const CHANNEL_TYPES = every<Channel['type']>()(CHANNELS);
export const CUSTOM_METHODS = every<Extract<Channel, { type: 'custom' }>['method']>()(CUSTOM);
