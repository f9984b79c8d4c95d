import { postProjectBody, unflattenForm, type OwnedProject } from '@estate/core';
import { describe, expect, it } from 'vitest';
import { emptyFiles, projectFileErrors, projectFormEntries, projectText, projectTextErrors } from './project-form.ts';

const file = (name: string, type = 'image/png', size = 10) => new File([new Uint8Array(size)], name, { type });
const values = { ...projectText(), title: '  Green Acres  ', category_id: '4', type: 'under_construction', city: 'Pune', latitude: '18.52', longitude: '73.85' };

describe('the project form body', () => {
  it('sends what is filled in, new files, and plans as plans[i][id|title|document]', () => {
    const image = file('front.png');
    const plan = file('plan.pdf', 'application/pdf');
    const entries = projectFormEntries(values, {
      ...emptyFiles(),
      image,
      gallery: [file('a.png'), file('b.png')],
      plans: [{ key: 'k', title: ' 2 BHK ', document: plan }],
    });
    const keys = entries.map(([k]) => k);
    expect(keys).toEqual([
      'title',
      'category_id',
      'type',
      'city',
      'latitude',
      'longitude',
      'image',
      'gallery_images[0]',
      'gallery_images[1]',
      'plans[0][title]',
      'plans[0][document]',
    ]);
    expect(Object.fromEntries(entries).title).toBe('Green Acres');
    expect(Object.fromEntries(entries)['plans[0][document]']).toBe(plan);
    // No id, no remove lists on a new project.
    expect(keys.some((k) => k.startsWith('remove_') || k === 'id')).toBe(false);
  });

  it('reads back on the server as the contract’s post_project body', () => {
    const entries = projectFormEntries(values, {
      ...emptyFiles(),
      plans: [
        { key: 'a', id: 7, title: 'Ground floor', document: null, url: 'https://x/p.webp' },
        { key: 'b', title: 'Roof', document: file('roof.png') },
      ],
      removeGallery: [3, 5],
      removeDocuments: [9],
      removePlans: [8],
    }, 42);
    const body = postProjectBody.parse(unflattenForm(Object.fromEntries(entries)));
    expect(body.id).toBe(42);
    expect(body.title).toBe('Green Acres');
    expect(body.latitude).toBe(18.52);
    expect(body.remove_gallery_images).toEqual([3, 5]);
    expect(body.remove_documents).toEqual([9]);
    expect(body.remove_plans).toEqual([8]);
    expect(body.plans?.map((p) => [p.id, p.title, p.document instanceof File])).toEqual([
      [7, 'Ground floor', false],
      [undefined, 'Roof', true],
    ]);
  });

  it('starts an edit from the stored project, its plans kept by id', () => {
    const stored = { title: 'Skyline', description: '', category_id: 2, type: 'upcoming', latitude: 19.1, longitude: null, plans: [{ id: 5, title: 'A', document: 'https://x/a.webp' }] } as unknown as OwnedProject;
    expect(projectText(stored)).toMatchObject({ title: 'Skyline', category_id: '2', type: 'upcoming', latitude: '19.1', longitude: '' });
    expect(emptyFiles(stored).plans).toEqual([{ key: 'plan-5', id: 5, title: 'A', document: null, url: 'https://x/a.webp' }]);
  });
});

describe('the project form’s checks', () => {
  it('use the contract: a new project needs a title, a category and a type; coordinates go in pairs', () => {
    expect(projectTextErrors(projectText(), true)).toMatchObject({ title: 'title is required', category_id: 'category_id is required' });
    expect(projectTextErrors(values, true)).toEqual({});
    expect(projectTextErrors({ ...values, longitude: '' }, true)).toEqual({ longitude: 'latitude and longitude must be sent together' });
    expect(projectTextErrors({ ...values, video_link: 'not a link' }, true)).toHaveProperty('video_link');
    // An edit may leave out what does not change.
    expect(projectTextErrors({ ...projectText(), title: 'New name' }, false)).toEqual({});
  });

  it('want a main picture for a new project, pictures as pictures, and a document for each new plan', () => {
    expect(projectFileErrors(emptyFiles(), true, false)).toEqual({ image: 'required' });
    expect(projectFileErrors(emptyFiles(), false, true)).toEqual({});
    expect(projectFileErrors({ ...emptyFiles(), image: file('x.gif', 'image/gif') }, true, false)).toEqual({ image: 'image' });
    expect(projectFileErrors({ ...emptyFiles(), image: file('x.png'), documents: [file('x.exe', 'application/x-msdownload')] }, true, false)).toEqual({ documents: 'document' });
    expect(projectFileErrors({ ...emptyFiles(), image: file('x.png', 'image/png', 11 * 1024 * 1024) }, true, false)).toEqual({ image: 'image' });
    const plans = [
      { key: 'a', title: '', document: file('a.pdf', 'application/pdf') },
      { key: 'b', title: 'B', document: null },
      { key: 'c', id: 3, title: 'C', document: null },
    ];
    expect(projectFileErrors({ ...emptyFiles(), plans }, false, true)).toEqual({ 'plans.0.title': 'required', 'plans.1.document': 'required' });
  });
});
