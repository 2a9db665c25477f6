import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { inflateRawSync } from 'node:zlib';

/**
 * Looking for a secret in bytes: the forms a key could take once written somewhere (as is,
 * URL-encoded, base64 at any byte alignment, UTF-16 as Chromium's storage keeps strings), a counter
 * over named items, and the readers that turn a place (a folder, a trace zip) into items.
 */

/** One thing scanned: a file, a log, a page's DOM. */
export interface ScanItem {
  label: string;
  bytes: Buffer;
}

/** What a place held: how many items were read and where the canary was found. */
export interface PlaceResult {
  place: string;
  items: number;
  bytes: number;
  occurrences: number;
  /** `label: form x count` for every item with a hit. */
  hits: string[];
}

// The base64 characters that depend only on the secret's bytes when it starts `offset` bytes into
// a 3-byte group: the first and last characters also carry neighbouring bytes, so they are dropped.
function base64Cores(secret: Buffer): string[] {
  return [0, 1, 2].map((offset) => {
    const text = Buffer.concat([Buffer.alloc(offset), secret]).toString('base64');
    return text.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + secret.length) * 8) / 6));
  });
}

/** Every form of the canary that counts as the canary. */
export function canaryForms(canary: string): { form: string; bytes: Buffer }[] {
  const plain = Buffer.from(canary, 'utf8');
  const cores = base64Cores(plain);
  const forms = [
    { form: 'plain', text: canary },
    { form: 'url-encoded', text: encodeURIComponent(canary) },
    ...cores.map((text, offset) => ({ form: `base64@${offset}`, text })),
    ...cores.map((text, offset) => ({ form: `base64url@${offset}`, text: text.replaceAll('+', '-').replaceAll('/', '_') })),
  ];
  const unique = forms.filter((entry, index) => forms.findIndex((other) => other.text === entry.text) === index);
  return [...unique.map(({ form, text }) => ({ form, bytes: Buffer.from(text, 'utf8') })), { form: 'utf-16le', bytes: Buffer.from(canary, 'utf16le') }];
}

function occurrences(haystack: Buffer, needle: Buffer): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) count += 1;
  return count;
}

/** Counts the canary, in all its forms, in a place's items. */
export function scanPlace(place: string, items: readonly ScanItem[], canary: string): PlaceResult {
  const forms = canaryForms(canary);
  const hits: string[] = [];
  let total = 0;
  for (const item of items) {
    for (const { form, bytes } of forms) {
      const count = occurrences(item.bytes, bytes);
      total += count;
      if (count > 0) hits.push(`${item.label}: ${form} x${count}`);
    }
  }
  return { place, items: items.length, bytes: items.reduce((sum, item) => sum + item.bytes.length, 0), occurrences: total, hits };
}

/** Text as an item. */
export function textItem(label: string, text: string): ScanItem {
  return { label, bytes: Buffer.from(text, 'utf8') };
}

/** Every file under a folder, read as bytes, labelled by its path inside it. */
export async function filesUnder(dir: string): Promise<ScanItem[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (file) => ({ label: relative(dir, file), bytes: await readFile(file) })));
}

/**
 * The entries of a zip (a Playwright trace), inflated: the entries are deflated, so scanning the
 * zip's own bytes would miss a secret inside them. Reads the central directory, which holds the
 * sizes even when the local headers defer them to data descriptors.
 */
export function zipEntries(label: string, zip: Buffer): ScanItem[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error(`${label} is not a zip file`);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const items: ScanItem[] = [];
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`${label}: central directory entry ${index} is damaged`);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`${label}/${name}: compression method ${method} is not read here`);
    items.push({ label: `${label}/${name}`, bytes: method === 8 ? inflateRawSync(data) : Buffer.from(data) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return items;
}
