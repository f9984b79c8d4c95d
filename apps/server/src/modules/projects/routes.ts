import { envelope, getProjectsQuery, listEnvelope, project, projectDetailQuery } from '@estate/core';
import { z } from 'zod';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { ProjectService } from './service.ts';

export async function projectRoutes(app: App, { projects }: { projects: ProjectService }) {
  app.get('/get-projects', {
    config: { publicCache: true },
    schema: {
      tags: ['projects'],
      summary: 'Approved projects with filters; slug_id narrows to one',
      querystring: getProjectsQuery,
      response: { 200: listEnvelope(project, { similar_projects: z.array(project) }) },
    },
    handler: async (request) => {
      const { data, total, similar_projects } = await projects.list(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total, similar_projects });
    },
  });

  app.get('/get-project-detail', {
    config: { publicCache: true },
    schema: {
      tags: ['projects'],
      summary: 'One project by slug_id, with similar projects when get_similar=1',
      querystring: projectDetailQuery,
      response: { 200: envelope(project, { similar_projects: z.array(project) }) },
    },
    handler: async (request) => {
      const { data, similar_projects } = await projects.detail(request.query.slug_id, request.query.get_similar ?? true, contextOf(request));
      return ok(data, 'Data fetched successfully', { similar_projects });
    },
  });
}
