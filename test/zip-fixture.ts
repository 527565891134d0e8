/** Zip archives for the tests of uploads (test/unit/serve.test.ts, test/e2e/serve.e2e.test.ts). */
import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip written byte by byte (deflated entries), as an attacker's archive would be: any name, any Unix mode
 * (`mode`: the external attributes' high 16 bits), and a declared size that may lie (`declared`).
 */
export function rawZip(entries: { name: string; data?: Buffer | string; mode?: number; declared?: number }[]): Buffer {
  const locals: Buffer[] = [], centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name), data = Buffer.from(e.data ?? ''), packed = deflateRawSync(data), crc = crc32(data);
    const size = e.declared ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0), local.writeUInt16LE(20, 4), local.writeUInt16LE(0x800, 6), local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14), local.writeUInt32LE(packed.length, 18), local.writeUInt32LE(size, 22), local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0), central.writeUInt16LE((3 << 8) | 20, 4), central.writeUInt16LE(20, 6), central.writeUInt16LE(0x800, 8), central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16), central.writeUInt32LE(packed.length, 20), central.writeUInt32LE(size, 24), central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.mode ?? 0o100644) << 16) >>> 0, 38), central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals), end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0), end.writeUInt16LE(entries.length, 8), end.writeUInt16LE(entries.length, 10), end.writeUInt32LE(dir.length, 12), end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
