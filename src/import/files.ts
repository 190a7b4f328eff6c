import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { IMPORT_LIMITS, ImportError } from './document.js';

/**
 * The text of a file an import reads whole (a JSON backup, a YAML configuration): refused beyond
 * the size limit before it is read, so a huge file costs no memory.
 */
export function readBoundedText(path: string): string {
  const size = statSync(path).size;
  const limit = IMPORT_LIMITS.fileBytes;
  if (size > limit) throw new ImportError(`is ${size} bytes; an import reads at most ${limit} bytes (${limit / 1024 / 1024} MiB)`);
  const buffer = Buffer.alloc(size + 1);
  const fd = openSync(path, 'r');
  try {
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      // One byte more than its size said: the file is growing, so what was read is not the file.
      if (length === buffer.length) throw new ImportError('changed while it was read; import it again once it is complete');
    }
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
