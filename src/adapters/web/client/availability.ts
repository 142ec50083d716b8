// Pure: the words for a quote's availability, shared by the book and wishes pages.

const AVAILABILITY: Record<string, string> = { in_stock: 'in stock', out_of_stock: 'out of stock', preorder: 'pre-order', unknown: 'availability unknown' };

/** `in_stock` → `in stock`; a value this UI does not know yet is shown as the API sent it. */
export function availabilityText(availability: string): string {
  return AVAILABILITY[availability] ?? availability;
}
