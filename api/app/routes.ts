/** Every route of the app (/app): the page and its files, sessions, what members do, the merchant dashboard. */
import type { Seats, RequestLimits } from '../../store/governance.js';
import type { Store } from '../../store/ports.js';
import type { RouteSpec } from '../routes/route.js';
import type { SessionRules } from './gate.js';
import { memberRoutes } from './memberRoutes.js';
import { merchantRoutes } from './merchantRoutes.js';
import { pageRoutes } from './page.js';
import { sessionRoutes } from './sessionRoutes.js';

export interface AppRouteDeps {
  store: Store;
  limits: RequestLimits;
  seats: Seats;
  rules: SessionRules;
}

export function appRoutes(deps: AppRouteDeps): RouteSpec[] {
  return [...pageRoutes(), ...sessionRoutes(deps), ...memberRoutes(deps), ...merchantRoutes(deps)];
}
