import { createWriteStream } from 'node:fs';

/**
 * The access log of one process of the local service: its lines appended to a file, or written to
 * `fallback` (stderr unless given) when no file is named. With `serve --workers N` every process
 * appends its own lines to the one file: each write holds whole lines, in append mode, so lines of
 * different processes never interleave.
 *
 * Lines are held and written together once per turn of the event loop. Under load one turn answers
 * many requests, and a stream write per line cost about 2% of the server's time in the throughput
 * bench (issue 14); one write of the turn's lines costs that once. A line therefore reaches the
 * file on the next turn, and close() writes any still held before it ends the file.
 */

/** One process's access log. */
export interface AccessLogFile {
  write(line: string): void;
  /** Resolves once every line is written. */
  close(): Promise<void>;
}

/** Opens `file` for appending (made with `mode` if new), or writes to `fallback` when there is none. */
export function openAccessLog(file: string | undefined, options: { mode?: number; fallback?: (text: string) => void } = {}): AccessLogFile {
  const stream = file ? createWriteStream(file, { flags: 'a', ...(options.mode === undefined ? {} : { mode: options.mode }) }) : undefined;
  const out = stream ? (text: string) => void stream.write(text) : (options.fallback ?? ((text: string) => void process.stderr.write(text)));
  let held = '';
  const flush = () => {
    if (held === '') return;
    const text = held;
    held = '';
    out(text);
  };
  return {
    write: (line) => {
      if (held === '') setImmediate(flush);
      held += `${line}\n`;
    },
    close: () => {
      flush();
      return new Promise<void>((resolve) => (stream ? stream.end(resolve) : resolve()));
    },
  };
}
