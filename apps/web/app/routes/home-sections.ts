import type { Route } from './+types/home-sections';
import { lowerSectionsOf, slimHome } from '../features/home/home-data.ts';
import { api } from '../lib/api.ts';

/** The home page's lower sections, asked for by the page when a visitor scrolls near them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return lowerSectionsOf(slimHome(await api.homepage({ request, context })));
}
