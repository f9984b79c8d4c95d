import { agent, agentListQuery, agentProfile, agentPropertiesQuery, envelope, listEnvelope, project, propertyCard } from '@estate/core';
import { z } from 'zod';
import { contextOf, ok, type App } from '../../platform/http.ts';
import type { AgentService } from './service.ts';

export async function agentRoutes(app: App, { agents }: { agents: AgentService }) {
  app.get('/agent-list', {
    config: { publicCache: true },
    schema: { tags: ['agents'], summary: 'Agents, the platform itself first', querystring: agentListQuery, response: { 200: listEnvelope(agent) } },
    handler: async (request) => {
      const { data, total } = await agents.list(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });

  app.get('/agent-properties', {
    config: { publicCache: true },
    schema: {
      tags: ['agents'],
      summary: "An agent's profile with their properties (or projects with is_projects=1)",
      querystring: agentPropertiesQuery,
      response: {
        200: envelope(
          z.object({
            customer_data: agentProfile,
            properties_data: z.array(propertyCard),
            projects_data: z.array(project),
            premium_properties_count: z.number().int(),
            package_available: z.boolean(),
            feature_available: z.boolean(),
          }),
          { total: z.number().int() },
        ),
      },
    },
    handler: async (request) => {
      const { data, total } = await agents.listings(request.query, contextOf(request));
      return ok(data, 'Data fetched successfully', { total });
    },
  });
}
