import { deflateSync } from 'node:zlib';

/** An RGBA image: `width * height * 4` bytes, rows top to bottom. */
export interface RgbaImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** Encodes an RGBA image as a PNG (8-bit, colour type 6, no filtering: flat art compresses well anyway). */
export function encodePng(image: RgbaImage): Buffer {
  const { width, height, pixels } = image;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', new Uint8Array())]);
}

/** What the IHDR chunk of a PNG says, after checking the signature and the chunk's CRC. */
export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
}

/** Reads a PNG's header; throws if the bytes are not a PNG whose first chunk is a valid IHDR. */
export function readPngHeader(bytes: Buffer): PngHeader {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG: bad signature');
  // PNG 1.2 §5.2: IHDR must come first and is exactly 13 bytes.
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG: first chunk is not IHDR');
  if (crc32(bytes.subarray(12, 29)) !== bytes.readUInt32BE(29)) throw new Error('not a PNG: IHDR CRC mismatch');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bitDepth: bytes[24]!, colorType: bytes[25]! };
}
