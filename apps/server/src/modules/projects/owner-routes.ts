import { MAX_DOCUMENTS, MAX_GALLERY_IMAGES, MAX_PLANS, addedProjectsQuery, changeProjectStatusBody, deleteListingBody, envelope, errorResponse, listEnvelope, ownedProject, postProjectBody } from '@estate/core';
import { z } from 'zod';
import { requireViewer } from '../../platform/auth.ts';
import { contextOf, nestFormKeys, ok, type App } from '../../platform/http.ts';
import { listingWriteLimit } from '../properties/owner-routes.ts';
import type { ProjectOwnerService } from './owner-service.ts';

const refusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 413: errorResponse };

/** The main picture, the meta picture, the gallery, documents and plans: the most files one project write may carry. */
const PROJECT_FILES = MAX_GALLERY_IMAGES + MAX_DOCUMENTS + MAX_PLANS + 2;

export async function projectOwnerRoutes(app: App, { projectOwners }: { projectOwners: ProjectOwnerService }) {
  app.post('/post_project', {
    onRequest: requireViewer,
    preValidation: nestFormKeys,
    config: { rateLimit: listingWriteLimit, multipartOptions: { limits: { files: PROJECT_FILES } } },
    schema: {
      tags: ['owner listings'],
      summary:
        'Add a project, or edit one’s own when id is sent (multipart): image, gallery_images[i], documents[i], meta_image, plans[i][id|title|document], with remove_gallery_images, remove_documents, remove_plans. Gates as post_property, with a project_list unit',
      security: [{ bearer: [] }],
      body: postProjectBody,
      response: { 200: envelope(ownedProject), ...refusals },
    },
    handler: async (request) => ok(await projectOwners.save(request.body, contextOf(request)), request.body.id ? 'Project updated successfully' : 'Project added successfully'),
  });

  app.post('/delete_project', {
    onRequest: requireViewer,
    schema: {
      tags: ['owner listings'],
      summary: 'Delete one’s own project with its pictures, documents and plans',
      security: [{ bearer: [] }],
      body: deleteListingBody,
      response: { 200: envelope(z.null()), ...refusals },
    },
    handler: async (request) => {
      await projectOwners.remove(request.body.id, contextOf(request));
      return ok(null, 'Project deleted successfully');
    },
  });

  app.post('/change-project-status', {
    onRequest: requireViewer,
    schema: {
      tags: ['owner listings'],
      summary: 'Pause (0) or re-activate (1) one’s own approved project',
      security: [{ bearer: [] }],
      body: changeProjectStatusBody,
      response: { 200: envelope(ownedProject), ...refusals },
    },
    handler: async (request) => ok(await projectOwners.setActive(request.body.project_id, request.body.status, contextOf(request)), 'Project status updated'),
  });

  app.get('/get-added-projects', {
    onRequest: requireViewer,
    schema: {
      tags: ['owner listings'],
      summary: 'One’s own projects in every state (newest first) with their reject reason',
      security: [{ bearer: [] }],
      querystring: addedProjectsQuery,
      response: { 200: listEnvelope(ownedProject), 400: errorResponse, 401: errorResponse },
    },
    handler: async (request) => {
      const { data, total } = await projectOwners.owned(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });
}
