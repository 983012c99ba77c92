// What each plan allows. The spec leaves the figures open; docs/decisions.md records these.

export interface PlanLimits {
  /** Live agents (pasted or OAuth) a workspace may have at once. */
  agents: number;
  /** Long articles a workspace may start per calendar month (UTC). */
  longArticlesPerMonth: number;
}

export const PLANS: Record<string, PlanLimits> = {
  trial: { agents: 3, longArticlesPerMonth: 5 },
  standard: { agents: 25, longArticlesPerMonth: 100 },
  enterprise: { agents: 500, longArticlesPerMonth: 10_000 },
};

export function planLimits(plan: string): PlanLimits {
  return PLANS[plan] ?? (PLANS.trial as PlanLimits);
}
