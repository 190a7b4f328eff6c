import type { DetailPart } from '../part.js';

/** What the monitor page says of a type Lookout checks itself. */
export const CHECKED_WORDS: DetailPart<'http'>['words'] = {
  chartTitle: 'Response time',
  runs: 'Recent checks',
  noRuns: 'No checks yet. The first ones run within seconds of creating or resuming the monitor.',
  paused: 'This monitor is paused: it is not checked and raises no alerts until you resume it.',
};
