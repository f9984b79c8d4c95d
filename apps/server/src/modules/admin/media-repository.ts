import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';

export const adminMediaRepository = {
  /** Every stored key under `folder/` that a console-managed row (articles, catalogue, sliders) points at. */
  async referencedKeys(db: Executor, folder: string): Promise<Set<string>> {
    const under = `${folder}/%`;
    const result = await db.execute(sql`
      select image as key from articles where image like ${under} union select meta_image from articles where meta_image like ${under}
      union select image from categories where image like ${under} union select meta_image from categories where meta_image like ${under}
      union select image from parameters where image like ${under} union select image from outdoor_facilities where image like ${under}
      union select image from cities where image like ${under} union select image from sliders where image like ${under}
      union select web_image from sliders where web_image like ${under}`);
    return new Set(rowsOf<{ key: string }>(result).map((r) => r.key));
  },
};
