/** What one access-log line says about one answered request. */
export interface AccessLineFields {
  time: string;
  zid: string;
  method: string | undefined;
  path: string;
  status: number;
  ms: number;
  /** Set when several processes append to one log. */
  pid: number | undefined;
}

/**
 * One access-log line, made on the service's hot path: exactly the JSON.stringify of its fields
 * (pid left out when unset), written out field by field: stringifying the object per request was
 * about 2% of the server's time in the throughput bench (issue 14). Strings still go through
 * JSON.stringify: the method and path are the client's.
 */
export function accessLine({ time, zid, method, path, status, ms, pid }: AccessLineFields): string {
  const methodJson = method === undefined ? '' : `"method":${JSON.stringify(method)},`;
  return `{"time":"${time}","zid":${JSON.stringify(zid)},${methodJson}"path":${JSON.stringify(path)},"status":${status},"ms":${ms}${pid === undefined ? '' : `,"pid":${pid}`}}`;
}

/**
 * The access log's time, formatted once per millisecond: under load several lines share one, and a
 * Date and its ISO text were about 2.5% of the server's time in the throughput bench (issue 14).
 */
export function isoTimeOnce(): (ms: number) => string {
  let lastMs = Number.NaN;
  let lastText = '';
  return (ms) => {
    if (ms !== lastMs) {
      lastMs = ms;
      lastText = new Date(ms).toISOString();
    }
    return lastText;
  };
}
