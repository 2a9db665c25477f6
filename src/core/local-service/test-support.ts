import { request } from 'node:https';
import { API_VERSION, HEADER_NAMES } from '../../spec/index.ts';
import type { LocalServiceInfo } from './host.ts';

/**
 * The status of `GET /swap/chains` sent to a started local service with `key`, over its pinned
 * certificate only: a 200 proves the pin and the key both hold, a 401 that the key is not the one
 * the service serves.
 */
export function chainsStatus(info: LocalServiceInfo, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${info.baseUrl}/swap/chains`, { ca: info.caPem, headers: { [HEADER_NAMES.apiKey]: key, [HEADER_NAMES.version]: API_VERSION } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
