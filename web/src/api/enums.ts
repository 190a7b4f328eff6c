/* The API's enumerations that forms offer as choices, in the order shown. */
import type { HttpMethod, NotifyOn, Region } from './types.js';

/** The list of every value of `T`, checked: a value the API adds, drops or renames is a type error here. */
function every<T extends string>() {
  return <const L extends readonly T[]>(list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> })): L => list;
}

export const REGIONS = every<Region>()(['us-east', 'eu-west', 'asia']);
export const HTTP_METHODS = every<HttpMethod>()(['GET', 'POST', 'PUT', 'DELETE', 'HEAD']);
export const NOTIFY_ON = every<NotifyOn>()(['down', 'degraded', 'up', 'certificate-expiring']);
