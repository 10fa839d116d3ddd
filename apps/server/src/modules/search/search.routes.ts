import { envelopeSchema } from '@stashblog/contract/envelope';
import { searchPayload, searchQuery, searchSuggestionsPayload, searchSuggestionsQuery } from '@stashblog/contract/search';
import { serverTexts } from '@stashblog/contract/server-texts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../http/envelope.ts';
import { searchItems, suggestSearchTerms } from './search.service.ts';

export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['public user'];
    app.get(
      '/api/public/user/search',
      {
        schema: { tags, querystring: searchQuery, response: { 200: envelopeSchema(searchPayload) } },
        config: { rateLimit: { max: 240, timeWindow: '1 minute' } },
      },
      async (request) => ok(await searchItems(ctx, request.query), serverTexts.fetched),
    );
    // The nav box asks as the visitor types (debounced), hence the higher allowance.
    app.get(
      '/api/public/user/searchSuggestions',
      {
        schema: { tags, querystring: searchSuggestionsQuery, response: { 200: envelopeSchema(searchSuggestionsPayload) } },
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      },
      async (request) => ok(await suggestSearchTerms(ctx, request.query), serverTexts.fetched),
    );
  };
}
