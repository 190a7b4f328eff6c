/** A count with its noun, singular for one: "1 check", "2 checks", "0 checks"; `plural` where adding an s is wrong. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
}
