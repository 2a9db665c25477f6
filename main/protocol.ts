import { protocol } from 'electron';
import { readRendererFile } from '../src/core/renderer-files.ts';

/**
 * The app:// protocol that serves the built renderer. Registered as standard and secure (so the
 * page has an origin and a secure context) before the app is ready; file:// is never used, since
 * it would grant the page access to every local file.
 */

/** Must run before app 'ready'. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true } }]);
}

/** Serves out/renderer under app://swap-explorer/ with the CSP header. */
export function serveRenderer(rendererRoot: string): void {
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    const file = url.host === 'swap-explorer' ? await readRendererFile(rendererRoot, url.pathname) : null;
    if (!file) return new Response('not found', { status: 404 });
    return new Response(new Uint8Array(file.body), { status: file.status, headers: file.headers });
  });
}
