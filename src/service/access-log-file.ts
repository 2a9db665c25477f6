import { createWriteStream } from 'node:fs';

/**
 * The access log of one process of `serve`. With --workers N every process appends its own lines
 * to the one file (each line is one write in append mode, so lines of different processes never
 * interleave), or writes them to stderr when no file is named.
 */

/** One process's access log. */
export interface AccessLogFile {
  write(line: string): void;
  /** Resolves once every line is written. */
  close(): Promise<void>;
}

/** Opens `file` for appending, or stderr when there is none. */
export function openAccessLog(file: string | undefined): AccessLogFile {
  const stream = file ? createWriteStream(file, { flags: 'a' }) : undefined;
  return {
    write: (line) => void (stream ?? process.stderr).write(`${line}\n`),
    close: () => new Promise<void>((resolve) => (stream ? stream.end(resolve) : resolve())),
  };
}
