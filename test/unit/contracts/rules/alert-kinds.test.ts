// The alert-kinds stories through the domain: the facts of each quote from the quotes stored before it and the alerts
// raised so far (alertFactsFor), then the rules (alertKindsRaised).
import { alertFactsFor, type StoreQuote } from '../../../../src/domain/alerts/alert-facts.js';
import { alertKindsRaised, type LastAlertedPrices } from '../../../../src/domain/alerts/alert-rules.js';
import { ALERT_KINDS_RULE, type AlertRuleCase, isMonthlyStep, isQuoteStep, labelOf, type StepOutcome, type StoreRole } from '../../../contracts/rules/alert-kinds.js';
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
  const outcomes: StepOutcome[] = [];

  for (const step of story.steps) {
    if (!isQuoteStep(step) && !isMonthlyStep(step)) {
      maxPrice = step.maxPrice === null ? null : money(step.maxPrice);
      continue;
    }
    const at = step.at ?? 'home';
    if (isMonthlyStep(step)) {
      earlier.push({ storeId: storeIds[at], price: money(step.monthly), availability: 'in_stock', monthLowest: money(step.monthLowest) });
      continue;
    }
    const quote: StoreQuote = { storeId: storeIds[at], price: money(step.quote), availability: step.availability ?? 'in_stock' };
    const told = lastAlerted.get(at) ?? {};
    const raises = at === 'elsewhere' ? [] : alertKindsRaised(alertFactsFor({ quote, earlierQuotesOfEdition: earlier, maxPrice, lastAlerted: told }));
    for (const kind of raises) told[kind] = quote.price;
    lastAlerted.set(at, told);
    earlier.push(quote);
    outcomes.push({ quote: labelOf(step, outcomes.length), raises });
  }
  return outcomes;
}

playRuleTable(ALERT_KINDS_RULE, 'domain', domainOutcomes);
