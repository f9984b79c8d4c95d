import type { Project } from '@estate/core';
import { mediaUrl, videoLinkUrl } from '../../platform/media.ts';
import { toCategoryRef } from '../catalogue/presenter.ts';
import type { Company } from '../properties/presenter.ts';
import type { ProjectRow } from './repository.ts';

export function toProject(row: ProjectRow, origin: string, company: Company): Project {
  const isPlatform = row.owner_id === null;
  return {
    id: row.id,
    slug_id: row.slug_id,
    title: row.title,
    description: row.description,
    type: row.type,
    category: toCategoryRef(row, origin),
    category_id: row.category_id,
    city: row.city,
    state: row.state,
    country: row.country,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    image: mediaUrl(origin, row.image),
    video_link: videoLinkUrl(origin, row.video_link),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keywords: row.meta_keywords,
    meta_image: mediaUrl(origin, row.meta_image ?? row.image),
    status: row.status,
    request_status: row.request_status,
    added_by: row.owner_id ?? 0,
    promoted: row.promoted,
    customer: isPlatform
      ? { id: 0, name: company.name, email: company.email, mobile: company.phone, address: null, profile: company.logo, slug_id: null }
      : {
          id: row.owner_id!,
          name: row.owner_name,
          email: row.owner_email,
          mobile: row.owner_mobile,
          address: row.owner_address,
          profile: mediaUrl(origin, row.owner_profile),
          slug_id: row.owner_slug_id,
        },
    gallary_images: (row.gallery ?? []).map((g) => ({ id: g.id, name: mediaUrl(origin, g.image)! })),
    // `name` is the file's URL, as the original clients read it; `file_name` the name it was uploaded with.
    documents: (row.documents ?? []).map((d) => ({ id: d.id, name: mediaUrl(origin, d.file)!, type: d.type, file_name: d.file_name ?? d.file.slice(d.file.lastIndexOf('/') + 1) })),
    plans: (row.plans ?? []).map((p) => ({ id: p.id, title: p.title, document: mediaUrl(origin, p.document)! })),
    created_at: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
    project_access_locked: false,
  };
}

/**
 * A project as shown to someone without project access (spec §4/§5 `project_access`): what sells
 * it stays — title, description, picture, place, the developer's name — and the plans, documents,
 * gallery, video and the developer's contacts are held back.
 */
export function toProjectTeaser(project: Project): Project {
  return {
    ...project,
    ...PROJECT_HELD_BACK,
    customer: { ...project.customer, email: null, mobile: null, address: null },
    project_access_locked: true,
  };
}

/** Exactly what a project teaser holds back (besides the developer's contacts), and the value it answers instead. */
export const PROJECT_HELD_BACK = {
  gallary_images: [],
  documents: [],
  plans: [],
  video_link: null,
} satisfies Partial<Project>;
