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
    }),
  ),
};
