import type { ClientAuth } from './http';

/** How requests authenticate, and as whom: what a platform client is made from. */
export interface ClientContext {
  baseUrl: string;
  auth: ClientAuth;
  /** x-impersonate-uuid for OAuth requests; undefined for full access (and always with an API key). */
  impersonate: string | undefined;
  /** The signed-in account, once known (not while checking credentials at sign-in). */
  accountUuid?: string;
}
