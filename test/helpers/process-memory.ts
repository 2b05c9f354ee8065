import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

/** The forms a 32-byte secret can take in a process: hex text (either case, one- or two-byte strings) and the raw bytes. */
export function secretForms(hex32: string): { name: string; bytes: Buffer }[] {
  const hex = hex32.replace(/^0x/, '').toLowerCase();
  return [
    { name: 'hex text', bytes: Buffer.from(hex, 'latin1') },
    { name: 'HEX text', bytes: Buffer.from(hex.toUpperCase(), 'latin1') },
    { name: 'hex text (UTF-16)', bytes: Buffer.from(hex, 'utf16le') },
    { name: 'raw bytes', bytes: Buffer.from(hex, 'hex') },
  ];
}

const CHUNK = 8 * 1024 * 1024;

/**
 * Counts each needle in the writable memory of a live process: every region of
 * /proc/PID/maps with the w permission, read through /proc/PID/mem (the caller
 * must be allowed to trace it: its parent or an ancestor). Chunks overlap by a
 * needle's length, so a match across a chunk border is counted once. Regions
 * the kernel refuses to read (guard pages, device mappings) are reported back.
 */
export function scanWritableMemory(pid: number, needles: { name: string; bytes: Buffer }[]) {
  const regions = readFileSync(`/proc/${pid}/maps`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(/\s+/))
    .filter(([, perms]) => perms!.includes('w'))
    .map(([range]) => range!.split('-').map((bound) => Number.parseInt(bound, 16)) as [number, number]);
  const counts = Object.fromEntries(needles.map(({ name }) => [name, 0])) as Record<string, number>;
  const overlap = Math.max(...needles.map(({ bytes }) => bytes.length)) - 1;
  const buffer = Buffer.alloc(CHUNK + overlap);
  let scannedBytes = 0;
  let unreadable = 0;
  const fd = openSync(`/proc/${pid}/mem`, 'r');
  try {
    for (const [start, end] of regions) {
      for (let at = start; at < end; at += CHUNK) {
        const length = Math.min(CHUNK + overlap, end - at);
        let read: number;
        try {
          read = readSync(fd, buffer, 0, length, at);
        } catch {
          unreadable += 1;
          break;
        }
        scannedBytes += Math.min(read, CHUNK);
        const view = buffer.subarray(0, read);
        for (const { name, bytes } of needles) {
          // A match starting in the overlap belongs to the next chunk.
          const limit = at + CHUNK < end ? CHUNK : read;
          for (let found = view.indexOf(bytes); found !== -1 && found < limit; found = view.indexOf(bytes, found + 1)) counts[name]! += 1;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return { counts, total: Object.values(counts).reduce((a, b) => a + b, 0), regions: regions.length, scannedBytes, unreadable };
}
