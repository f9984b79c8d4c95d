import { z } from 'zod';
import { agent } from './agents.ts';
import { category } from './catalogue.ts';
import { article, faq, slider } from './content.ts';
import { project } from './projects.ts';
import { propertyCard } from './properties.ts';

export const HOMEPAGE_SECTION_SIZE = 12;

export const homepageData = z.object({
  slider_section: z.array(slider),
  featured_section: z.array(propertyCard),
  most_liked_properties: z.array(propertyCard),
  most_viewed_properties: z.array(propertyCard),
  project_section: z.array(project),
  project_featured_section: z.array(project),
  categories_section: z.array(category),
  article_section: z.array(article),
  agents_list: z.array(agent),
  faq_section: z.array(faq),
  nearby_properties: z.array(propertyCard).optional(),
  user_recommendation: z.array(propertyCard).optional(),
});
export type HomepageData = z.infer<typeof homepageData>;
