// Unpacks WOFF 1.0 fonts into the TrueType/OpenType files they wrap (the format libvips' FreeType
// reads), so the repository can ship the small subset fonts of @fontsource/* (decision 060):
//   node scripts/woff-to-ttf.mjs in.woff out.ttf
// WOFF 1.0 (W3C): a header, a table directory, and each table zlib-compressed when that is smaller.
import { readFileSync, writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

const [input, output] = process.argv.slice(2);
const woff = readFileSync(input);
if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error(`${input} is not a WOFF 1.0 font`);
const flavor = woff.readUInt32BE(4);
const numTables = woff.readUInt16BE(12);
const tables = [];
for (let i = 0; i < numTables; i++) {
  const at = 44 + i * 20;
  const [offset, compLength, origLength, checksum] = [4, 8, 12, 16].map((o) => woff.readUInt32BE(at + o));
  const stored = woff.subarray(offset, offset + compLength);
  tables.push({ tag: woff.subarray(at, at + 4), checksum, data: compLength < origLength ? inflateSync(stored) : stored });
}
const pad4 = (n) => (n + 3) & ~3;
const entrySelector = Math.floor(Math.log2(numTables));
const searchRange = 2 ** entrySelector * 16;
let offset = 12 + numTables * 16;
const head = Buffer.alloc(offset);
head.writeUInt32BE(flavor, 0);
head.writeUInt16BE(numTables, 4);
head.writeUInt16BE(searchRange, 6);
head.writeUInt16BE(entrySelector, 8);
head.writeUInt16BE(numTables * 16 - searchRange, 10);
const bodies = [];
tables.forEach((t, i) => {
  const at = 12 + i * 16;
  t.tag.copy(head, at);
  head.writeUInt32BE(t.checksum, at + 4);
  head.writeUInt32BE(offset, at + 8);
  head.writeUInt32BE(t.data.length, at + 12);
  const body = Buffer.alloc(pad4(t.data.length));
  t.data.copy(body);
  bodies.push(body);
  offset += body.length;
});
writeFileSync(output, Buffer.concat([head, ...bodies]));
