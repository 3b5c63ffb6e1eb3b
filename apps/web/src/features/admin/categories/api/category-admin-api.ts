import type {
  CategoryCreateInput,
  CategoryDeleteInput,
  CategoryReorderInput,
  CategoryUpdateInput,
  ManagedCategory,
} from '@churchtrades/shared/category-admin';
import type { Envelope } from '@churchtrades/shared/envelope';
import { api } from '../../../../lib/api';

/** The parent id of a main category. */
export const MAIN_PARENT_ID = -1;

/** As the administrators arranged them; the server sends them so, this keeps a cached reorder in step. */
function inDisplayOrder<T extends { displayOrder: number }>(categories: T[]): T[] {
  return [...categories].sort((a, b) => a.displayOrder - b.displayOrder);
}

function withOrderedSubs(categories: ManagedCategory[] | undefined): ManagedCategory[] {
  return inDisplayOrder(categories ?? []).map((main) => ({
    ...main,
    subCategories: inDisplayOrder(main.subCategories),
  }));
}

/** The siblings under `parentId` placed as `ids` lists them. */
function reordered(categories: ManagedCategory[], { parentId, ids }: CategoryReorderInput): void {
  const place = (id: number) => ids.indexOf(id) + 1;
  if (parentId === MAIN_PARENT_ID) {
    for (const main of categories) main.displayOrder = place(main.id);
    categories.sort((a, b) => a.displayOrder - b.displayOrder);
    return;
  }
  const main = categories.find(({ id }) => id === parentId);
  if (!main) return;
  for (const sub of main.subCategories) sub.displayOrder = place(sub.id);
  main.subCategories.sort((a, b) => a.displayOrder - b.displayOrder);
}

const toMessage = (answer: Envelope<unknown>): string => answer.message;

/**
 * The category administration calls. A change invalidates every 'Category' tag: the managed tree and also the
 * public lists (search filters, the owner's profile form), which must offer a new or renamed category.
 */
const categoryAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    managedCategories: build.query<ManagedCategory[], void>({
      query: () => '/category/manage',
      transformResponse: (answer: Envelope<{ categories?: ManagedCategory[] }>) =>
        withOrderedSubs(answer.data.categories),
      providesTags: [{ type: 'Category', id: 'MANAGE' }],
    }),
    createCategory: build.mutation<string, CategoryCreateInput>({
      query: (body) => ({ url: '/category/create', method: 'POST', body }),
      transformResponse: toMessage,
      invalidatesTags: ['Category'],
    }),
    updateCategory: build.mutation<string, CategoryUpdateInput>({
      query: (body) => ({ url: '/category/update', method: 'PATCH', body }),
      transformResponse: toMessage,
      invalidatesTags: ['Category'],
    }),
    deleteCategory: build.mutation<string, CategoryDeleteInput>({
      query: (body) => ({ url: '/category/delete', method: 'PATCH', body }),
      transformResponse: toMessage,
      invalidatesTags: ['Category'],
    }),
    reorderCategories: build.mutation<string, CategoryReorderInput>({
      query: (body) => ({ url: '/category/reorder', method: 'PATCH', body }),
      transformResponse: toMessage,
      // Moved at once rather than after the reload; put back if the server refuses.
      async onQueryStarted(order, { dispatch, queryFulfilled }) {
        const moved = dispatch(
          categoryAdminApi.util.updateQueryData('managedCategories', undefined, (categories) =>
            reordered(categories, order),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          moved.undo();
        }
      },
      invalidatesTags: ['Category'],
    }),
  }),
});

export const {
  useManagedCategoriesQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useReorderCategoriesMutation,
} = categoryAdminApi;
