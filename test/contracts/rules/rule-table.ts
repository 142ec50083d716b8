// A rule that must run as SQL (set-based, inside a statement) is stated once in the domain and held to its SQL twin by
// one case table: the table's cases are played through the domain statement (a unit test in
// test/unit/contracts/rules) and through the SQL production runs, on PostgreSQL (an integration test in
// test/integration/contracts/rules). Both players must give, case by case, what the table says.
//
// Adding a rule: a table here (`RuleTable`: its cases and what each comes to), then two runners, each a few lines
// calling `playRuleTable` with a player: one calling the domain statement, one running the production SQL.
import { describe, expect, it } from 'vitest';

export interface RuleCase {
  /** What the case shows, as its test is titled. */
  name: string;
}

export interface RuleTable<Case extends RuleCase, Outcome> {
  /** The rule in a few words. */
  rule: string;
  /** The domain statement the table calls the truth. */
  domain: string;
  /** The SQL production runs it with. */
  sql: string;
  cases: readonly Case[];
  /** What the table says `c` comes to. */
  expected(c: Case): Outcome;
}

/** One side's way of working a case out: the domain statement, or the production SQL. */
export type RulePlayer<Case, Outcome> = (c: Case) => Outcome | Promise<Outcome>;

/** One test per case of `table`: `player` (through `side`) must give exactly what the table says. */
export function playRuleTable<Case extends RuleCase, Outcome>(
  table: RuleTable<Case, Outcome>,
  side: 'domain' | 'sql',
  player: RulePlayer<Case, Outcome>,
): void {
  describe(`${table.rule}, played through ${side === 'domain' ? table.domain : table.sql}`, () => {
    it('names every case once', () => {
      const names = table.cases.map((c) => c.name);
      expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    });
    it.each(table.cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      expect(await player(c)).toEqual(table.expected(c));
    });
  });
}
