// Saved lists (contract §4.7) and the two export routes. Shapes: contract/lists.ts. Rules:
// domain/lists.ts. This file only translates HTTP into domain calls.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import {
  AddItemsResponse,
  ItemsBody,
  ItemsQuery,
  ListIdParams,
  ListItemsPage,
  ListNameBody,
  ListsResponse,
  RemoveItemsResponse,
  SavedListResponse,
} from '../../contract/lists.ts'
import * as lists from '../../domain/lists.ts'
import type { Deps, Scope } from '../../domain/types.ts'

const scopes: readonly Scope[] = ['dsp.search.read', 'dsp.entities.read']
const tags = ['lists']

export const listRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/v1/lists',
    {
      schema: {
        operationId: 'listLists',
        summary: "The workspace's saved lists, cap and field tier",
        tags,
        response: { 200: ListsResponse },
      },
      config: { outage: 'lists.unavailable', scopes, errors: ['lists.unavailable'] },
    },
    async (request) => lists.listLists(deps, request.credential!),
  )

  app.post(
    '/v1/lists',
    {
      schema: {
        operationId: 'createList',
        summary: 'Create a saved list',
        tags,
        body: ListNameBody,
        response: { 201: SavedListResponse },
      },
      config: { outage: 'lists.unavailable', scopes, errors: ['lists.unavailable'] },
    },
    async (request, reply) => reply.code(201).send(await lists.createList(deps, request.credential!, request.body)),
  )

  app.patch(
    '/v1/lists/:list_id',
    {
      schema: {
        operationId: 'updateList',
        summary: 'Rename a saved list',
        tags,
        params: ListIdParams,
        body: ListNameBody,
        response: { 200: SavedListResponse },
      },
      config: { outage: 'lists.unavailable', scopes, errors: ['lists.not_found', 'lists.unavailable'] },
    },
    async (request) => lists.updateList(deps, request.credential!, request.params.list_id, request.body),
  )

  app.delete(
    '/v1/lists/:list_id',
    {
      schema: {
        operationId: 'deleteList',
        summary: 'Delete a saved list and its items',
        tags,
        params: ListIdParams,
        response: { 204: Type.Null({ description: 'Deleted' }) },
      },
      config: { outage: 'lists.unavailable', scopes, errors: ['lists.not_found', 'lists.unavailable'] },
    },
    async (request, reply) => {
      await lists.deleteList(deps, request.credential!, request.params.list_id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/v1/lists/:list_id/items',
    {
      schema: {
        operationId: 'addListItems',
        summary: 'Add 1..500 entities to a list',
        tags,
        params: ListIdParams,
        body: ItemsBody,
        response: { 200: AddItemsResponse },
      },
      config: {
        outage: 'lists.unavailable',
        scopes,
        errors: ['lists.not_found', 'lists.item_cap_reached', 'lists.unavailable'],
      },
    },
    async (request) => lists.addListItems(deps, request.credential!, request.params.list_id, request.body.items),
  )

  app.delete(
    '/v1/lists/:list_id/items',
    {
      schema: {
        operationId: 'removeListItems',
        summary: 'Remove 1..500 entities from a list',
        tags,
        params: ListIdParams,
        body: ItemsBody,
        response: { 200: RemoveItemsResponse },
      },
      config: { outage: 'lists.unavailable', scopes, errors: ['lists.not_found', 'lists.unavailable'] },
    },
    async (request) => lists.removeListItems(deps, request.credential!, request.params.list_id, request.body.items),
  )

  app.get(
    '/v1/lists/:list_id/items',
    {
      schema: {
        operationId: 'listListItems',
        summary: "A list's items with their records' current data, most recently added first",
        tags,
        params: ListIdParams,
        querystring: ItemsQuery,
        response: { 200: ListItemsPage },
      },
      config: {
        outage: 'lists.unavailable',
        scopes,
        errors: ['lists.not_found', 'pagination.cursor_invalid', 'pagination.cursor_expired', 'lists.unavailable'],
      },
    },
    async (request) => lists.listListItems(deps, request.credential!, request.params.list_id, request.query),
  )

  // §4.7: CSV export is not switched on; both routes authenticate, then answer 404 export.not_enabled.
  app.post(
    '/v1/lists/:list_id/export',
    {
      schema: {
        operationId: 'exportList',
        summary: 'CSV export of a saved list (not switched on: 404 export.not_enabled)',
        tags,
        params: ListIdParams,
      },
      config: { outage: 'lists.unavailable', scopes, errors: ['export.not_enabled'] },
    },
    async () => lists.exportList(),
  )

  app.post(
    '/v1/search/export',
    {
      schema: {
        operationId: 'exportSearch',
        summary: 'CSV export of a search (not switched on: 404 export.not_enabled)',
        tags: ['search'],
      },
      config: { outage: 'lists.unavailable', scopes, errors: ['export.not_enabled'] },
    },
    async () => lists.exportSearch(),
  )
}
