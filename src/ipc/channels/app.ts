import { z } from 'zod';
import { channel } from '../channel.ts';

/** Channels of the `app` area: facts about the running app. */
export const appChannels = {
  'app.info': channel(z.void(), () =>
    z.object({
      name: z.string(),
      version: z.string(),
      versions: z.record(z.string(), z.string()),
      platform: z.string(),
      dataDir: z.string(),
      /** What the app keeps and where (a file or folder, or for API keys the keychain), as About lists it. */
      stored: z.array(z.object({ what: z.string(), where: z.string() })),
    }),
  ),
};
