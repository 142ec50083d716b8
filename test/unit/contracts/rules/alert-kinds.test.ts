// The alert-kinds stories through the domain: the facts of each quote from the quotes stored before it and the alerts
// raised so far (alertFactsFor), then the rules (alertKindsRaised).
import { alertFactsFor, type StoreQuote } from '../../../../src/domain/alerts/alert-facts.js';
import { alertKindsRaised, type LastAlertedPrices } from '../../../../src/domain/alerts/alert-rules.js';
import { effectiveAlertSettings } from '../../../../src/domain/alerts/alert-settings.js';
import {
  ALERT_KINDS_RULE,
  alertDefaultsOf,
  type AlertRuleCase,
  clockAfter,
  isAccountStep,
  isMaxPriceStep,
  isMonthlyStep,
  labelOf,
  type StepOutcome,
  STORY_START,
  type StoreRole,
  wishSettingsOf,
} from '../../../contracts/rules/alert-kinds.js';
import { money } from '../../../contracts/rules/money-text.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';

/**
 * Quotes at `elsewhere` concern no wish of the user (the store is outside their scope), so they raise nothing, but
 * they are part of what was seen before.
 */
function domainOutcomes(story: AlertRuleCase): StepOutcome[] {
  const storeIds: Record<StoreRole, number> = { home: 1, second: 2, elsewhere: 3 };
  const earlier: StoreQuote[] = [];
  const lastAlerted = new Map<StoreRole, LastAlertedPrices>();
  let maxPrice = story.maxPrice ? money(story.maxPrice) : null;
  let account = alertDefaultsOf(story.account);
  let clock = STORY_START;
  const outcomes: StepOutcome[] = [];

  for (const step of story.steps) {
    clock = clockAfter(step, clock);
    if (isMaxPriceStep(step)) maxPrice = step.maxPrice === null ? null : money(step.maxPrice);
    if (isAccountStep(step)) account = alertDefaultsOf(step.account);
    if (!('quote' in step) && !isMonthlyStep(step)) continue;
    const at = step.at ?? 'home';
    if (isMonthlyStep(step)) {
      earlier.push({ storeId: storeIds[at], price: money(step.monthly), availability: 'in_stock', monthLowest: money(step.monthLowest), fetchedAt: clock });
      continue;
    }
    const quote: StoreQuote = {
      storeId: storeIds[at], price: money(step.quote), availability: step.availability ?? 'in_stock', fetchedAt: clock,
      ...(step.suspect ? { suspect: true } : {}),
    };
    const told = lastAlerted.get(at) ?? {};
    const settings = effectiveAlertSettings(wishSettingsOf(story), account);
    const raises = at === 'elsewhere' ? [] : alertKindsRaised(alertFactsFor({ quote, earlierQuotesOfEdition: earlier, maxPrice, lastAlerted: told, settings }));
    for (const kind of raises) told[kind] = quote.price;
    lastAlerted.set(at, told);
    earlier.push(quote);
    outcomes.push({ quote: labelOf(step, outcomes.length), raises });
  }
  return outcomes;
}

playRuleTable(ALERT_KINDS_RULE, 'domain', domainOutcomes);
