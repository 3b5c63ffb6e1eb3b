import {
  categoryIdParamsSchema,
  categorySchema,
  categoryTagParamsSchema,
  categoryWithSubsSchema,
  subCategoriesQuerySchema,
} from '@churchtrades/shared/category';
import {
  categoryCreateSchema,
  categoryDeleteSchema,
  categoryReorderSchema,
  categoryUpdateSchema,
  managedCategorySchema,
} from '@churchtrades/shared/category-admin';
import { DEFAULT_CACHE_SECONDS } from '@churchtrades/shared/constants';
import { envelopeSchema } from '@churchtrades/shared/envelope';
import { MESSAGES } from '@churchtrades/shared/messages';
import { mayAdministerDirectory } from '@churchtrades/shared/permissions';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/envelope';
import { keepAnswersPrivate } from '../../http/private-answers';
import { publicCache } from '../../http/public-cache';
import { currentUser } from '../sessions/plugin';
import type { CategoryService } from './service';

/** SPEC §7: data is cached 60 seconds, so an administrator's edit shows everywhere within a minute. */
export const CATEGORY_CACHE_SECONDS = DEFAULT_CACHE_SECONDS;

const categoriesAnswer = envelopeSchema(z.object({ categories: z.array(categorySchema) }));
const oneCategory = envelopeSchema(z.object({ category: categorySchema }));
const categoryWithSubs = envelopeSchema(z.object({ category: categoryWithSubsSchema }));
const adminTags = ['category administration'];

export const categoryRoutes: FastifyPluginAsyncZod<{ categories: CategoryService }> = async (app, { categories }) => {
  // Public routes: the answer depends on the URL alone, never on a session, so anyone may cache it.
  // Routes that read the session belong outside this scope.
  await app.register(async (scope) => {
    const directory = scope.withTypeProvider<ZodTypeProvider>();
    await directory.register(publicCache, { maxAgeSeconds: CATEGORY_CACHE_SECONDS });

    directory.get(
      '/category/main_categories',
      {
        schema: {
          tags: ['categories'],
          summary: 'Main categories in display order',
          response: { 200: categoriesAnswer },
        },
      },
      async () => envelope(200, MESSAGES.categoriesFound, { categories: await categories.listMain() }),
    );

    directory.get(
      '/category/sub_categories',
      {
        schema: {
          tags: ['categories'],
          summary: 'Sub categories of one main category in display order (parent_id -1: none)',
          querystring: subCategoriesQuerySchema,
          response: { 200: categoriesAnswer },
        },
      },
      async (request) =>
        envelope(200, MESSAGES.categoriesFound, { categories: await categories.listSubs(request.query.parent_id) }),
    );

    // SPEC §7 names both paths for one category; they answer alike.
    for (const path of ['/category/category/:id', '/category/category_id/:id']) {
      directory.get(
        path,
        {
          schema: {
            tags: ['categories'],
            summary: 'One category; a main category with its sub categories in display order',
            params: categoryIdParamsSchema,
            response: { 200: categoryWithSubs },
          },
        },
        async (request) =>
          envelope(200, MESSAGES.categoryFound, { category: await categories.findWithSubs(request.params.id) }),
      );
    }

    directory.get(
      '/category/taggedCategories/:tag',
      {
        schema: {
          tags: ['categories'],
          summary: 'The categories one of whose tags is this one, whatever its case; main categories first',
          params: categoryTagParamsSchema,
          response: { 200: categoriesAnswer },
        },
      },
      async (request) =>
        envelope(200, MESSAGES.categoriesFound, { categories: await categories.listTagged(request.params.tag) }),
    );
  });
  // Administration: for administrators only, so no cache may keep the answers.
  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();
    const onRequest = admin.requireRole(mayAdministerDirectory);
    keepAnswersPrivate(admin);

    admin.get(
      '/category/manage',
      {
        onRequest,
        schema: {
          tags: adminTags,
          summary: 'Main categories in display order, each with its sub categories and how many businesses use each',
          response: { 200: envelopeSchema(z.object({ categories: z.array(managedCategorySchema) })) },
        },
      },
      async (request) =>
        envelope(200, MESSAGES.categoriesFound, { categories: await categories.listManaged(currentUser(request)) }),
    );

    admin.post(
      '/category/create',
      {
        onRequest,
        schema: {
          tags: adminTags,
          summary: 'Add a main category (parentId -1) or a sub category, placed last',
          refusals: { 409: 'A category of this name exists already under the same parent.' },
          body: categoryCreateSchema,
          response: { 201: oneCategory },
        },
      },
      async (request, reply) => {
        const category = await categories.create(currentUser(request), request.body);
        return reply.code(201).send(envelope(201, MESSAGES.categoryCreated, { category }));
      },
    );

    admin.patch(
      '/category/update',
      {
        onRequest,
        schema: {
          tags: adminTags,
          summary: "Change a category's name and tags; its businesses are found by the new ones",
          refusals: {
            404: 'No category has the `id` the body names.',
            409: 'Another category of this name exists already under the same parent.',
          },
          body: categoryUpdateSchema,
          response: { 200: oneCategory },
        },
      },
      async (request) =>
        envelope(200, MESSAGES.categoryUpdated, { category: await categories.update(currentUser(request), request.body) }),
    );

    admin.patch(
      '/category/delete',
      {
        onRequest,
        schema: {
          tags: adminTags,
          summary: 'Delete a category no business and no sub category uses',
          refusals: {
            404: 'No category has the `id` the body names.',
            409: 'Businesses are filed under the category, or it is a main category with sub categories.',
          },
          body: categoryDeleteSchema,
          response: { 200: oneCategory },
        },
      },
      async (request) =>
        envelope(200, MESSAGES.categoryDeleted, { category: await categories.delete(currentUser(request), request.body) }),
    );

    admin.patch(
      '/category/reorder',
      {
        onRequest,
        schema: {
          tags: adminTags,
          summary: 'Put the categories under one parent (-1: the main categories) in a new order',
          body: categoryReorderSchema,
          response: { 200: categoriesAnswer },
        },
      },
      async (request) =>
        envelope(200, MESSAGES.categoriesReordered, {
          categories: await categories.reorder(currentUser(request), request.body),
        }),
    );
  });
};
