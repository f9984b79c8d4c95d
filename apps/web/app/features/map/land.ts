/**
 * Land outlines for maps without a tile server: Natural Earth 1:50m land (public domain) from the
 * world-atlas package, shipped as one of the app's own hashed assets, so the map shows land and
 * sea with nothing fetched from elsewhere. Land only: no country borders, whose drawing is
 * disputed in places and better left to the tile server an operator chooses.
 */
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import landUrl from 'world-atlas/land-50m.json?url';

let loading: Promise<FeatureCollection> | undefined;

export function loadLand(): Promise<FeatureCollection> {
  loading ??= fetch(landUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`land outline: ${response.status}`);
      return response.json() as Promise<Topology<{ land: GeometryCollection }>>;
    })
    .then((topology) => feature(topology, topology.objects.land) as FeatureCollection);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
