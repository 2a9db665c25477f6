import type { ChannelOutput } from '../ipc/index.ts';

/** What the shell knows about itself, passed in so the engine never imports electron. */
export interface AppIdentity {
  name: string;
  version: string;
  versions: Record<string, string>;
  platform: string;
  dataDir: string;
}

/** The app.info answer. */
export function appInfo(identity: AppIdentity): ChannelOutput<'app.info'> {
  return { ...identity, versions: Object.fromEntries(Object.entries(identity.versions).filter(([, v]) => typeof v === 'string')) };
}
