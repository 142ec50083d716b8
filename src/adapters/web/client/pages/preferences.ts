// Preferences: country, currency, formats, whether other currencies count (converted); the alerts every wish gets
// besides the specified ones (a drop by a percentage, the lowest of N days, a default target); and the languages the
// user reads. Where alerts go is the channels page:
// the preferences' `alert_email` still works in the API, and the form leaves it out so saving never changes it.
import { api } from '../api.js';
import { CollectionView } from '../collection-view.js';
import { byId, el, replaceChildren } from '../dom.js';
import { bindForm } from '../form-helper.js';
import { allLanguages, type Language } from '../lookups.js';
import { startPage } from '../page.js';

interface Preferences {
  country: string | null;
  currency: string;
  formats: string[];
  convert_currencies: boolean;
  alert_drop_percent: number | null;
  alert_lowest_days: number | null;
  default_target: { max_price: { amount: string; currency: string } } | { discount_percent: number } | null;
}

startPage(async ({ errors }) => {
  const form = byId<HTMLFormElement>('prefs-form');
  const fill = (prefs: Preferences) => {
    byId<HTMLInputElement>('country').value = prefs.country ?? '';
    byId<HTMLInputElement>('currency').value = prefs.currency;
    for (const box of form.querySelectorAll<HTMLInputElement>('input[name="formats"]')) box.checked = prefs.formats.includes(box.value);
    byId<HTMLInputElement>('convert_currencies').checked = prefs.convert_currencies;
  };
  const alertForm = byId<HTMLFormElement>('alert-defaults-form');
  let currency = 'EUR';
  const fillAlerts = (prefs: Preferences) => {
    currency = prefs.currency;
    byId('target-currency').textContent = prefs.currency;
    byId<HTMLInputElement>('alert_drop_percent').value = prefs.alert_drop_percent === null ? '' : String(prefs.alert_drop_percent);
    byId<HTMLSelectElement>('alert_lowest_days').value = prefs.alert_lowest_days === null ? '' : String(prefs.alert_lowest_days);
    const target = prefs.default_target;
    const kind = target === null ? 'none' : 'max_price' in target ? 'max_price' : 'discount';
    for (const radio of alertForm.querySelectorAll<HTMLInputElement>('input[name="default_target"]')) radio.checked = radio.value === kind;
    byId<HTMLInputElement>('target_amount').value = target !== null && 'max_price' in target ? target.max_price.amount : '';
    byId<HTMLInputElement>('target_discount').value = target !== null && 'discount_percent' in target ? String(target.discount_percent) : '';
  };
  const loaded = await api<Preferences>('GET', '/api/user/preferences');
  fill(loaded);
  fillAlerts(loaded);
  bindForm(alertForm, {
    errors,
    action: 'Saving alert defaults',
    async submit(read) {
      const kind = read.text('default_target');
      const target =
        kind === 'max_price'
          ? { max_price: { amount: read.text('default_target.max_price.amount'), currency } }
          : kind === 'discount'
            ? { discount_percent: read.optionalNumber('default_target.discount_percent') }
            : null;
      fillAlerts(await api<Preferences>('PUT', '/api/user/preferences', {
        body: { alert_drop_percent: read.optionalNumber('alert_drop_percent'), alert_lowest_days: read.optionalNumber('alert_lowest_days'), default_target: target },
      }));
      return 'Alert defaults saved.';
    },
  });
  bindForm(form, {
    errors,
    action: 'Saving preferences',
    async submit(read) {
      const country = read.optionalText('country');
      fill(await api<Preferences>('PUT', '/api/user/preferences', {
        body: {
          country: country ? country.toUpperCase() : null,
          currency: read.text('currency').toUpperCase(),
          formats: read.checkedValues('formats'),
          convert_currencies: read.checked('convert_currencies'),
        },
      }).then((saved) => {
        fillAlerts(saved);
        return saved;
      }));
      return 'Preferences saved.';
    },
  });

  const languages: CollectionView<Language> = new CollectionView<Language>(byId('language-list'), {
    label: 'Languages you read',
    emptyText: 'No languages yet: add the ones you read, so alerts only cover editions you can read.',
    errors,
    renderItem: (language) => {
      const remove = el('button', { type: 'button', class: 'danger' }, `Remove ${language.language_name}`);
      remove.addEventListener('click', async () => {
        remove.disabled = true;
        try {
          await api('DELETE', `/api/user/preferences/languages/${language.language_id}`);
          await languages.reload();
        } catch (error) {
          remove.disabled = false;
          errors.show(error, 'Removing the language');
        }
      });
      return el('div', { class: 'row' }, el('span', { class: 'title' }, `${language.language_name} (${language.language_code})`), remove);
    },
  });
  void languages.show('/api/user/preferences/languages?per_page=20');

  const select = byId<HTMLSelectElement>('language_id');
  const all = [...(await allLanguages())].sort((a, b) => a.language_name.localeCompare(b.language_name));
  replaceChildren(select, el('option', { value: '' }, 'Choose a language'), ...all.map((l) => el('option', { value: l.language_id }, l.language_name)));
  bindForm(byId<HTMLFormElement>('add-language'), {
    errors,
    action: 'Adding the language',
    async submit(read) {
      const added = await api<Language>('POST', '/api/user/preferences/languages', { body: { language_id: read.optionalNumber('language_id') } });
      await languages.reload();
      return `Added ${added.language_name}.`;
    },
  });
});
