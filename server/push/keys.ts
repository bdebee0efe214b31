// Web Push's VAPID key pair: the push services check that a message comes from the server the browser
// subscribed with (its public key). From the environment when given; otherwise made once and kept in
// the database, so every instance signs with the same pair and a restart keeps the devices subscribed.
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/open';
import { serverKeys } from '../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who the push services may reach about our messages. */
  subject: string;
}

const NAME = 'vapid';
const stored = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

export async function vapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  const { subject } = config.push;
  if (config.push.vapid) return { ...config.push.vapid, subject };
  const made = webpush.generateVAPIDKeys();
  // The first instance's pair wins; another starting at the same time reads it.
  await db.insert(serverKeys).values({ name: NAME, value: made }).onConflictDoNothing();
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, NAME));
  return { ...stored.parse(row?.value), subject };
}
