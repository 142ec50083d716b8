import { z } from 'zod';
import type { AddReadableLanguage } from '../../../application/preferences/add-readable-language.js';
import type { GetPreferences } from '../../../application/preferences/get-preferences.js';
import type { ListReadableLanguages } from '../../../application/preferences/list-readable-languages.js';
import type { RemoveReadableLanguage } from '../../../application/preferences/remove-readable-language.js';
import type { UpdatePreferences } from '../../../application/preferences/update-preferences.js';
import { EDITION_FORMATS } from '../../../domain/catalog/edition.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { collectionOf, IdParams, IdValue, PageQuery } from '../../kits/http/routing/common-schemas.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';
import { AlertDropPercentBody, AlertLowestDaysBody, DefaultTargetBody, defaultTargetOf } from './alert-settings-schemas.js';
import { currentUser } from './current-user.js';
import { LanguageJson, languageJson, PreferencesJson, preferencesJson } from './user-space-presenters.js';

// Fields left out keep their current value (codes are checked by the domain: 400 on unknown).
const PreferencesBody = z.strictObject({
  country: z.string().max(2).nullable().optional().describe('ISO 3166-1 alpha-2, or null'),
  currency: z.string().max(3).optional().describe('ISO 4217'),
  formats: z.array(z.enum(EDITION_FORMATS)).min(1).max(EDITION_FORMATS.length).optional(),
  alert_email: z.boolean().optional(),
  convert_currencies: z
    .boolean()
    .optional()
    .describe("Count quotes in every currency for best and lowest prices, converted into `currency` (C11.4)"),
  alert_drop_percent: AlertDropPercentBody.optional().describe("Default for every wish: alert (percent_drop) when a store's price falls by at least this %; null: off"),
  alert_lowest_days: AlertLowestDaysBody.optional().describe('Default for every wish: alert (lowest_in_days) when a price is the lowest in the last 30, 90 or 365 days; null: off'),
  default_target: DefaultTargetBody.optional(),
});

export interface PreferencesUseCases {
  get: GetPreferences;
  update: UpdatePreferences;
  languages: ListReadableLanguages;
  addLanguage: AddReadableLanguage;
  removeLanguage: RemoveReadableLanguage;
}

export function preferencesRoutes(useCases: PreferencesUseCases, paginator: Paginator): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/user/preferences', tag: 'preferences', auth: 'jwt',
      summary: "The user's preferences (defaults until first saved)",
      responses: { 200: { description: 'Preferences', schema: PreferencesJson } },
      async handle({ userId }) {
        return { status: 200, body: preferencesJson(await useCases.get.execute(currentUser(userId))) };
      },
    }),
    route({
      method: 'put', path: '/user/preferences', tag: 'preferences', auth: 'jwt',
      summary: "Update the user's preferences",
      body: PreferencesBody,
      responses: { 200: { description: 'The updated preferences', schema: PreferencesJson } },
      async handle({ userId, body }) {
        const updated = await useCases.update.execute(currentUser(userId), {
          country: body.country,
          currency: body.currency,
          formats: body.formats,
          alertEmail: body.alert_email,
          convertCurrencies: body.convert_currencies,
          alertDefaults: { dropPercent: body.alert_drop_percent, lowestDays: body.alert_lowest_days, defaultTarget: defaultTargetOf(body.default_target) },
        });
        return { status: 200, body: preferencesJson(updated) };
      },
    }),
    route({
      method: 'get', path: '/user/preferences/languages', tag: 'preferences', auth: 'jwt',
      summary: "The user's readable languages",
      query: z.object(PageQuery),
      responses: { 200: { description: 'A page of languages', schema: collectionOf(LanguageJson) } },
      handle({ userId, query, path }) {
        return paginator.respond({ path, query }, (page) => useCases.languages.execute(currentUser(userId), page), (l) => l.id, languageJson);
      },
    }),
    route({
      method: 'post', path: '/user/preferences/languages', tag: 'preferences', auth: 'jwt',
      summary: 'Add a readable language',
      body: z.strictObject({ language_id: IdValue }),
      responses: { 201: { description: 'The added language', schema: LanguageJson } },
      errors: { 409: "The language is already one of the user's readable languages" },
      async handle({ userId, body }) {
        return { status: 201, body: languageJson(await useCases.addLanguage.execute(currentUser(userId), body.language_id)) };
      },
    }),
    route({
      method: 'delete', path: '/user/preferences/languages/:id', tag: 'preferences', auth: 'jwt',
      summary: 'Remove a readable language (by language_id)',
      params: IdParams,
      responses: { 204: { description: 'Removed' } },
      errors: { 404: "The language is not one of the user's readable languages" },
      async handle({ userId, params }) {
        await useCases.removeLanguage.execute(currentUser(userId), params.id);
        return { status: 204 };
      },
    }),
  ];
}
