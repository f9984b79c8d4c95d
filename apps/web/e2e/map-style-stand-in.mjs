// A local stand-in for a street-map service (MAP_STYLE_URL), for the browser journeys: a MapLibre
// style JSON with a background and one raster source whose tiles are a plain 1-pixel picture, all
// under /stand-in-map/ so a journey can cut it off (page.route) to see the map fall back.
import http from 'node:http';

export const STAND_IN_ATTRIBUTION = 'Stand-in streets © E2E';

// A 1×1 light-grey PNG: MapLibre stretches it over each 256 px tile.
const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGN4AgAA5gDlWNqJzgAAAABJRU5ErkJggg==', 'base64');

/** Starts the stand-in on a free port; answers the style's URL and a close function. */
export async function startMapStyleStandIn() {
  let base = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const cors = { 'access-control-allow-origin': '*' };
    if (url.pathname === '/stand-in-map/style.json') {
      const style = {
        version: 8,
        sources: {
          streets: { type: 'raster', tiles: [`${base}/stand-in-map/tiles/{z}/{x}/{y}.png`], tileSize: 256, maxzoom: 19, attribution: 'Stand-in tiles' },
        },
        layers: [
          { id: 'background', type: 'background', paint: { 'background-color': '#eef0e4' } },
          { id: 'streets', type: 'raster', source: 'streets', paint: { 'raster-opacity': 0.5 } },
        ],
      };
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(style));
      return;
    }
    if (/^\/stand-in-map\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      res.writeHead(200, { ...cors, 'content-type': 'image/png', 'cache-control': 'max-age=3600' }).end(TILE);
      return;
    }
    res.writeHead(404, cors).end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return { styleUrl: `${base}/stand-in-map/style.json`, close: () => new Promise((resolve) => server.close(resolve)) };
}
