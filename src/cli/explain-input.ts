import { stat } from 'node:fs/promises';
import { readTextFile, withoutByteOrderMark } from '../core/read-text-file.ts';
import { ENDPOINTS } from '../spec/index.ts';
import { HISTORY_IMPORT_MAX_CHARS } from '../ipc/channels/history-io.ts';
import { UsageError } from './compare-run.ts';

/**
 * What `swap-explorer explain <input>` reads: standard input, a file, or the argument itself.
 *
 * The rule, in order:
 * 1. `-` is standard input.
 * 2. Anything at that path (a file, a directory, a file that cannot be read) is a file: a
 *    directory or an unreadable file is a usage error naming it.
 * 3. An argument that does not exist but looks like a path is a file that does not exist (usage
 *    error): one line, no `://`, no `?` query, not JSON, and either ending in .har, .json or .txt,
 *    or holding a path separator (`/` or `\`) while not starting with a path of the service
 *    (`/swap/…`, `/sources`, … are a request pasted without its host) nor with a host name
 *    (`api.example.com/swap/…`).
 * 4. Anything else is the text itself (a zid, a URL, a curl line, a body).
 */

/** The text to explain and the file it came from (null: the argument itself or standard input). */
export interface ExplainInput {
  text: string;
  file: string | null;
}

// The first segment of every path of the service: `/swap/permit2/price` is a request, not a file.
const SERVICE_ROOTS = new Set(Object.values(ENDPOINTS).map((endpoint) => endpoint.path.split('/')[1]!));
const FILE_ENDING = /\.(?:har|json|txt)$/i;
// A host first, as a URL without its scheme: a dotted name (api.0x.org/…), or one without dots
// given a port (localhost:8443/…), which no file path is written as.
const HOST_FIRST = /^[A-Za-z0-9-]+(?:(?:\.[A-Za-z0-9-]+)+(?::\d+)?|:\d+)\//;

/** Whether an argument that names nothing on disk is meant as a file path (rule 3 above). */
export function looksLikePath(argument: string): boolean {
  const text = argument.trim();
  if (text === '' || /[\r\n]/.test(text) || text.includes('://') || text.includes('?') || /^[[{]/.test(text) || /^curl\s/i.test(text)) return false;
  if (FILE_ENDING.test(text)) return true;
  if (/\s/.test(text) || !/[/\\]/.test(text)) return false;
  if (text.includes('\\') || /^\.{1,2}\/|^~\//.test(text)) return true;
  const first = text.replace(/^\//, '').split('/')[0]!;
  return !(text.startsWith('/') && SERVICE_ROOTS.has(first)) && !HOST_FIRST.test(text);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > HISTORY_IMPORT_MAX_CHARS) throw new UsageError('standard input is larger than 50 MB');
    chunks.push(chunk);
  }
  return withoutByteOrderMark(Buffer.concat(chunks).toString('utf8'));
}

/** The system's reason for a file that cannot be read, in words (no stack, no errno number). */
export function unreadable(file: string, error: unknown): UsageError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new UsageError(`file ${file} does not exist (an argument that looks like a path is read as a file; quote a URL or curl line whole)`);
  if (code === 'EACCES' || code === 'EPERM') return new UsageError(`file ${file} cannot be read: permission denied`);
  if (code === 'EISDIR') return new UsageError(`${file} is a directory, not a file: give the HAR, JSON or text file in it`);
  return new UsageError(`file ${file} cannot be read: ${code ?? (error as Error).message}`);
}

/** Reads the input as the rule above says; a file that is missing, a directory or unreadable is a UsageError. */
export async function readExplainInput(argument: string): Promise<ExplainInput> {
  if (argument === '-') return { text: await readStdin(), file: null };
  let info;
  try {
    info = await stat(argument);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENAMETOOLONG and the like: a long URL or curl line is no file name.
    if ((code === 'ENOENT' || code === 'ENOTDIR') && !looksLikePath(argument)) return { text: argument, file: null };
    if (code !== 'ENOENT' && code !== 'ENOTDIR' && code !== 'EACCES') return { text: argument, file: null };
    throw unreadable(argument, error);
  }
  if (info.isDirectory()) throw unreadable(argument, Object.assign(new Error('directory'), { code: 'EISDIR' }));
  if (info.size > HISTORY_IMPORT_MAX_CHARS) throw new UsageError(`file ${argument} is larger than 50 MB`);
  try {
    return { text: await readTextFile(argument), file: argument };
  } catch (error) {
    throw unreadable(argument, error);
  }
}
