import { REGIONS } from '../../shared/vocabulary.js';

/**
 * The regions of this installation: the built-in ones, which the server or its workers may check
 * themselves, and the extra ones of LOOKOUT_EXTRA_REGIONS, which only remote probes serve.
 */
export class RegionNames {
  private readonly all: readonly string[];

  constructor(readonly extra: readonly string[] = []) {
    this.all = [...REGIONS, ...extra.filter((name) => !(REGIONS as readonly string[]).includes(name))];
  }

  known(): readonly string[] {
    return this.all;
  }

  isKnown(name: string): boolean {
    return this.all.includes(name);
  }
}
