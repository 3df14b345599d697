/**
 * Every benchmark leg in report order. `--only` names legs (`reads`, `search`, `writes`, `admin`,
 * `mix`) or single scenarios (`home-latest`); a new endpoint is a scenario in one of these files.
 */
import { admin } from './admin.ts';
import { mix } from './mix.ts';
import { reads } from './reads.ts';
import { search } from './search.ts';
import type { Context, Group, Leg, Scenario, ScenarioSpec } from './types.ts';
import { writes } from './writes.ts';

export type { Context, Database, Group, Leg, Request, Scenario } from './types.ts';

export const LEGS: Leg[] = [reads, search, writes, admin, mix];

const SPECS: ScenarioSpec[] = LEGS.flatMap((leg) => leg.scenarios);

/** scenario name → the group its budgets come from (a saved report is re-judged with this). */
export const GROUPS: Record<string, Group> = Object.fromEntries(SPECS.map((spec) => [spec.name, spec.group]));

/**
 * The scenario specs `--only` selects, in report order; all of them without `only`.
 * @throws on a name that is neither a leg nor a scenario (a typo would otherwise run nothing).
 */
export function selectScenarios(only: string[] | undefined): ScenarioSpec[] {
  if (!only) return SPECS;
  const unknown = only.filter((name) => !LEGS.some((leg) => leg.name === name) && !SPECS.some((spec) => spec.name === name));
  if (unknown.length > 0)
    throw new Error(
      `--only: unknown ${unknown.join(', ')} (legs: ${LEGS.map((leg) => leg.name).join(', ')}; scenarios: ${SPECS.map((spec) => spec.name).join(', ')})`,
    );
  return LEGS.flatMap((leg) =>
    only.includes(leg.name) ? leg.scenarios : leg.scenarios.filter((spec) => only.includes(spec.name)),
  );
}

/** Builds each selected scenario's requests and label for this run. */
export function buildScenarios(specs: ScenarioSpec[], ctx: Context): Scenario[] {
  return specs.map((spec) => ({
    name: spec.name,
    group: spec.group,
    label: typeof spec.label === 'function' ? spec.label(ctx) : spec.label,
    requests: spec.requests(ctx),
    ...(spec.rates ? { rates: spec.rates } : {}),
    ...(spec.spread ? { spread: true } : {}),
    ...(spec.noCeiling ? { noCeiling: true } : {}),
    ...(spec.emptyNote ? { emptyNote: spec.emptyNote } : {}),
  }));
}
