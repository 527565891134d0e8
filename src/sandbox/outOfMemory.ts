/**
 * What a process's stderr says of running out of memory: the words V8,
 * Python, C and C++ runtimes and the kernel's allocator use. The pipe thread
 * keeps the line that says so (a runtime prints a long stack trace after it),
 * and the fault message names the memory cap by it (remoteBot.ts).
 */
const OUT_OF_MEMORY = /out of memory|\bOOM\b|MemoryError|allocation failed|Cannot allocate memory|bad_alloc/i;

/** Whether `text` says the process ran out of memory. */
export const outOfMemory = (text: string): boolean => OUT_OF_MEMORY.test(text);

/** The first whole line of `text` (one ended by a newline, unless `ended`) that says so, or null. */
export function outOfMemoryLine(text: string, ended: boolean): string | null {
  if (!OUT_OF_MEMORY.test(text)) return null;
  const lines = text.split('\n');
  const whole = ended ? lines : lines.slice(0, -1);
  return whole.find((l) => OUT_OF_MEMORY.test(l))?.trim() || null;
}
