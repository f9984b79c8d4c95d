import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, createUserWithToken, grantFeature } from './factories.ts';
import { html, pagesApp, webBuilt } from './pages.ts';

/** The JSON-LD blocks of a page. */
const jsonLd = (body: string) => [...body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]));

describe.skipIf(!webBuilt)('visitor pages through the server', () => {
  const web = pagesApp();
  const { page, api } = web;
  const post = (url: string, form: Record<string, string>) =>
    web.t.request({ method: 'POST', url, headers: { host: web.host, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });

  it('lists projects page by page', async () => {
    const first = (await api('/api/get-projects', { limit: 12, offset: 0 })).body;
    const second = (await api('/api/get-projects', { limit: 12, offset: 12 })).body;
    const res = await page('/projects');
    expect(res.status).toBe(200);
    for (const p of first.data) expect(res.body).toContain(`/project-details/${p.slug_id}`);
    expect(res.body).toContain('href="/projects?page=2"');
    const next = await page('/projects?page=2');
    for (const p of second.data) expect(next.body).toContain(`/project-details/${p.slug_id}`);
    expect(next.body).toContain('rel="prev"');
  });

  it('renders a project as its teaser for a visitor (project access, spec §4/§5): place, developer and meta, with the plans, documents, gallery and video held back; 404 for an unknown slug', async () => {
    // The whole project, as a viewer with project access gets it.
    const viewer = await createUserWithToken(web.t.db);
    await grantFeature(web.t.db, viewer.user.id, 'project_access');
    const asViewer = (query: Record<string, string | number>) => web.t.get('/api/get-projects', query, { host: web.host, ...viewer.auth });
    const projects = (await asViewer({ limit: 100 })).body.data as {
      slug_id: string;
      video_link: string | null;
      plans: unknown[];
      documents: unknown[];
    }[];
    const slug = (projects.find((p) => p.video_link && p.plans.length && p.documents.length) ?? projects[0]).slug_id;
    const full = (await asViewer({ slug_id: slug })).body.data[0];
    expect(full.plans.length).toBeGreaterThan(0);
    const p = (await api('/api/get-project-detail', { slug_id: slug })).body.data;
    expect(p.project_access_locked).toBe(true);
    const res = await page(`/project-details/${slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<h1 class="mt-1 text-2xl font-bold leading-tight sm:text-3xl">${html(p.title)}</h1>`);
    expect(res.body).toContain('data-testid="project-lock"');
    expect(res.body).toContain('data-testid="project-lock-login"');
    for (const plan of full.plans) expect(res.body).not.toContain(`src="${plan.document}"`);
    for (const doc of full.documents) expect(res.body).not.toContain(`href="${doc.name}"`);
    // (The gallery is not looked for by address: demo projects share pictures with other projects on the page.)
    if (full.video_link) expect(res.body).not.toContain(`href="${html(full.video_link)}"`);
    // (The platform's own projects name the company, whose e-mail is in the footer anyway.)
    if (full.added_by > 0 && full.customer.email) expect(res.body).not.toContain(html(full.customer.email));
    expect(res.body).toContain(html(p.location));
    expect(res.body).toContain(html(p.customer.name));
    expect(res.body).toContain(`rel="canonical" href="http://${web.host}/project-details/${slug}"`);
    expect(res.body).toContain(`property="og:image" content="${p.meta_image}"`);
    const ld = jsonLd(res.body).find((d) => d.name === p.title);
    expect(ld).toMatchObject({ '@context': 'https://schema.org', url: `http://${web.host}/project-details/${slug}` });
    expect(res.body).toContain(`<title>${html(p.meta_title)}`);

    const missing = await page('/project-details/no-such-project');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page not found');
  });

  it('lists articles, filtered by category, and renders one with its body, JSON-LD Article and related articles', async () => {
    const categories = (await api('/api/get_article_categories')).body.data as { id: number; slug_id: string; category: string; articles_count: number }[];
    const category = categories.find((c) => c.articles_count > 0)!;
    const all = await page('/articles');
    expect(all.status).toBe(200);
    expect(all.body).toContain(`/articles?category=${category.slug_id}`);
    const inCategory = (await api('/api/get_articles', { category_id: category.id, limit: 12 })).body;
    const others = (await api('/api/get_articles', { limit: 100 })).body.data.filter((a: { category_id: number }) => a.category_id !== category.id);
    const filtered = await page(`/articles?category=${category.slug_id}`);
    expect(filtered.status).toBe(200);
    for (const a of inCategory.data) expect(filtered.body).toContain(`/article-details/${a.slug_id}`);
    for (const a of others) expect(filtered.body).not.toContain(`/article-details/${a.slug_id}"`);

    const slug = inCategory.data[0].slug_id;
    const answer = (await api('/api/get_articles', { slug_id: slug })).body;
    const article = answer.data[0];
    const res = await page(`/article-details/${slug}`);
    expect(res.status).toBe(200);
    // The body is the operator's HTML, rendered as HTML.
    const firstTag = article.description.match(/<(h2|p)>([^<]{10,})/);
    expect(res.body).toContain(firstTag[0]);
    expect(jsonLd(res.body)).toContainEqual(expect.objectContaining({ '@type': 'Article', headline: article.title, datePublished: article.created_at }));
    expect(res.body).toContain('property="og:type" content="article"');
    for (const s of answer.similar_articles) expect(res.body).toContain(`/article-details/${s.slug_id}`);
    expect((await page('/article-details/no-such-article')).status).toBe(404);
  });

  it('lists agents with their badge and counts, and shows an agent with their properties and projects', async () => {
    const agents = (await api('/api/agent-list', { limit: 12 })).body.data as { slug_id: string; name: string; property_count: number; projects_count: number; is_verified: boolean }[];
    const res = await page('/agents');
    expect(res.status).toBe(200);
    for (const a of agents) expect(res.body).toContain(`/agent-details/${a.slug_id}`);
    expect(res.body).toContain(`${agents[1].property_count} listings · `);
    expect(res.body).toContain('Verified');

    const agent = agents.find((a) => a.projects_count > 0 && !a.slug_id.startsWith('ghar'))!;
    const properties = (await api('/api/agent-properties', { slug_id: agent.slug_id, limit: 12 })).body;
    const projects = (await api('/api/agent-properties', { slug_id: agent.slug_id, is_projects: 1, limit: 12 })).body;
    const detail = await page(`/agent-details/${agent.slug_id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toContain(html(agent.name));
    for (const p of properties.data.properties_data) expect(detail.body).toContain(`/properties-details/${p.slug_id}`);
    for (const p of projects.data.projects_data) expect(detail.body).toContain(`/project-details/${p.slug_id}`);
    expect(detail.body).toContain(`rel="canonical" href="http://${web.host}/agent-details/${agent.slug_id}"`);
    expect(jsonLd(detail.body)).toContainEqual(expect.objectContaining({ '@type': 'RealEstateAgent', name: agent.name }));
    expect((await page('/agent-details/no-such-agent')).status).toBe(404);
  });

  it('says so when a list has nothing to show', async () => {
    const agent = await createUser(web.t.db, { name: 'Nina Newcomer', role: 'agent' });
    const detail = await page(`/agent-details/${agent.slugId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toContain('No properties listed at the moment.');
    const beyond = await page('/projects?page=999');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toContain('No projects yet.');
  });

  it('shows cities with their counts, each opening the property search for the city', async () => {
    const cities = (await api('/api/get-cities-data', { limit: 24 })).body.data as { City: string; Count: number }[];
    const res = await page('/cities');
    expect(res.status).toBe(200);
    for (const c of cities) {
      expect(res.body).toContain(`href="/properties?city=${encodeURIComponent(c.City)}"`);
      expect(res.body).toContain(html(c.City));
    }
  });

  it('shows FAQs as disclosures', async () => {
    const faqs = (await api('/api/faqs', { limit: 50 })).body.data as { question: string }[];
    const res = await page('/faqs');
    expect(res.status).toBe(200);
    for (const f of faqs) expect(res.body).toContain(`<summary class="cursor-pointer font-semibold marker:text-brand">${html(f.question)}</summary>`);
  });

  it('shows about, terms and privacy from the settings', async () => {
    const settings = (await api('/api/web-settings')).body.data;
    for (const [url, field] of [
      ['/about-us', 'about_us'],
      ['/terms-and-conditions', 'terms_conditions'],
      ['/privacy-policy', 'privacy_policy'],
    ]) {
      const res = await page(url);
      expect(res.status).toBe(200);
      const firstParagraph = (settings[field] as string).match(/<p>([^<]{10,})/)![0];
      expect(res.body).toContain(firstParagraph);
      // The same page reached from another (its data alone, `.data`): the loader reads the page's address, not the data request's.
      const asData = await page(`${url}.data?_routes=${url.slice(1)}`);
      expect(asData.status).toBe(200);
      expect(asData.body).toContain(firstParagraph.match(/[A-Za-z ,]{10,}/)![0]);
    }
  });

  it('sends the contact form without JavaScript: field messages on 400, thanks on success', async () => {
    const bad = await post('/contact-us', { first_name: 'Asha', last_name: '', email: 'not-an-email', subject: 'Viewing', message: 'Hello' });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('id="contact-email-error"');
    // The server's field messages, in a person's words.
    expect(bad.body).toContain('Enter an e-mail address like name@example.com.');
    expect(bad.body).toContain('Please fill this in.');
    expect(bad.body).toMatch(/id="contact-last_name-error"[^>]*>Please fill this in\./);
    // What the visitor typed stays in the form.
    expect(bad.body).toContain('value="Asha"');

    const good = await post('/contact-us', { first_name: 'Asha', last_name: 'Rao', email: 'asha@example.com', subject: 'Viewing', message: 'Can I visit on Saturday?' });
    expect(good.status).toBe(200);
    expect(good.body).toContain('Thank you for contacting us');
    const stored = await web.t.db.execute(sql`select first_name, email, subject from contact_messages where email = 'asha@example.com'`);
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([{ first_name: 'Asha', email: 'asha@example.com', subject: 'Viewing' }]);
  });

  it('links the new pages from the header and footer', async () => {
    const res = await page('/faqs');
    for (const href of ['/projects', '/articles', '/agents', '/cities', '/faqs', '/contact-us', '/about-us', '/terms-and-conditions', '/privacy-policy']) {
      expect(res.body).toContain(`href="${href}"`);
    }
  });

  it('serves robots.txt and a sitemap of every live listing, project, article and agent', async () => {
    const robots = await page('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.raw.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Disallow: /user/');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Disallow: /dev/');
    expect(robots.body).toContain(`Sitemap: http://${web.host}/sitemap.xml`);

    const res = await page('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toContain('application/xml');
    const locs = [...res.raw.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain(`http://${web.host}/contact-us`);
    const properties = (await api('/api/get-property-list', { limit: 100, is_premium: 0 })).body;
    for (const p of properties.data) expect(locs).toContain(`http://${web.host}/properties-details/${p.slug_id}`);
    const projects = (await api('/api/get-projects', { limit: 100 })).body;
    expect(locs.filter((l) => l.includes('/project-details/'))).toHaveLength(projects.total);
    const articles = (await api('/api/get_articles', { limit: 100 })).body;
    expect(locs.filter((l) => l.includes('/article-details/'))).toHaveLength(articles.total);
    const agents = (await api('/api/agent-list', { limit: 100 })).body;
    for (const a of agents.data) expect(locs).toContain(`http://${web.host}/agent-details/${a.slug_id}`);
    // Premium listings only show visitors a notice: they are left out.
    const [premium] = (await api('/api/get-property-list', { limit: 1, is_premium: 1 })).body.data;
    if (premium) expect(locs).not.toContain(`http://${web.host}/properties-details/${premium.slug_id}`);
  });

  it("serves a language's texts by the version the page names; refuses unknown languages and malformed names", async () => {
    const home = await page('/?lang=hi');
    const src = /<script src="(\/texts\/hi\.([a-z0-9]+)\.js)"/.exec(home.body as string);
    expect(src).not.toBeNull();
    const script = await page(src![1]);
    expect(script.status).toBe(200);
    expect(script.raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.raw.headers['content-type']).toMatch(/^text\/javascript/);
    const json = await page(`/texts/hi.${src![2]}.json`);
    expect((json.body as Record<string, string>).home).toBe('होम');
    // An older version gets today's texts, never to be kept under the old name.
    expect((await page('/texts/hi.old0.js')).raw.headers['cache-control']).toBe('no-cache');
    for (const bad of ['/texts/xx.abc.js', '/texts/hi.abc.css', '/texts/..%2f..%2fpackage.json', '/texts/hi.js']) expect((await page(bad)).status, bad).toBe(404);
    // Hostile names are refused, never a server error.
    for (const bad of [`/texts/${'a'.repeat(5000)}.abc.js`, '/texts/hi%00.abc.js', '/texts/%E2%80%AEhi.abc.js', '/texts/hi.abc.js%3Fx', '/texts/HI.abc.js']) {
      expect([400, 404], bad).toContain((await page(bad)).status);
    }
  });

  it("answers /favicon.ico with the settings' icon", async () => {
    const settings = (await api('/api/web-settings')).body.data;
    expect(settings.favicon_icon).toBeTruthy();
    const res = await page('/favicon.ico');
    expect(res.status).toBe(302);
    expect(res.raw.headers.location).toBe(settings.favicon_icon);
    const icon = await page(new URL(String(res.raw.headers.location)).pathname);
    expect(icon.status).toBe(200);
    expect(icon.raw.headers['content-type']).toMatch(/^image\//);
  });

  it('asks for the first screen first: the stylesheet, and the largest picture at high priority; the scripts after the first paint', async () => {
    const [card] = (await api('/api/get-property-list', { limit: 1, is_premium: 0 })).body.data;
    // A results page's first card: not waiting to near the screen, as the cards below it do.
    for (const [path, picture] of [['/', /\/media\/demo\/sliders\//], [`/properties-details/${card.slug_id}`, null], ['/properties?property_type=0', null]] as const) {
      const html = (await page(path)).body;
      const head = html.split('</head>')[0];
      expect(head.search(/<link[^>]*rel="stylesheet"/), path).toBeGreaterThan(0);
      // No module is fetched before the page paints (apps/web/app/lib/paint-first.ts): the module
      // script's code waits inert, and the script after it preloads every module it imports.
      expect(html, path).not.toMatch(/rel="modulepreload"|type="module"/);
      const [, code, modules] = /<script(?: nonce="[^"]*")? type="text\/x-after-paint">([\s\S]*?)<\/script><script(?: nonce="[^"]*")?>\(\(modules\) => [\s\S]*?\)\((\[[^\]]*\])\)<\/script>/.exec(html) ?? [];
      expect(code, path).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
      const imported = [...code.matchAll(/import (?:\* as \w+ from )?"(\/assets\/[^"]+)"|import\("(\/assets\/[^"]+)"\)/g)].map((m) => m[1] ?? m[2]);
      expect(imported.length, path).toBeGreaterThan(2);
      expect(JSON.parse(modules), path).toEqual(expect.arrayContaining(imported));
      // React preloads the picture marked so, at the same priority.
      const preloads = [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
      const urgent = preloads.filter((link) => link.includes('fetchPriority="high"'));
      expect(urgent, path).toHaveLength(1);
      if (picture) expect(urgent[0], path).toMatch(picture);
    }
    const cardPictures = async (path: string) =>
      [...(await page(path)).body.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((img) => img.includes('/media/demo/properties/'));
    // In the grid and in the list the first card's picture is urgent, featured or not (a chosen order
    // shows none); in map view the map is on top and none is.
    for (const path of ['/properties?property_type=0', '/properties?property_type=0&view=list', '/properties?property_type=0&sort_by=price_asc']) {
      const [first, ...rest] = await cardPictures(path);
      expect(rest.length, path).toBeGreaterThan(1);
      expect(first, path).toContain('fetchPriority="high"');
      expect(first, path).not.toContain('loading="lazy"');
      for (const img of rest) expect(img, path).toContain('loading="lazy"');
    }
    const onMap = await cardPictures('/properties?property_type=0&sort_by=price_asc&view=map');
    expect(onMap.length).toBeGreaterThan(1);
    for (const img of onMap) expect(img).toContain('loading="lazy"');
  });
});
