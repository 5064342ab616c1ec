import { matchRoutes } from "react-router";
import { type BodyLimit, defaultBodyLimit } from "#app/lib/body-limit.ts";

/** The limit of a request path, from the route it goes to (see app/lib/body-limit.ts). */
export type BodyLimitOf = (path: string) => BodyLimit;

/** What the body limits read of a server build's route manifest (`build.routes`). */
export type RouteManifest = Record<
  string,
  | {
      id: string;
      parentId?: string | undefined;
      path?: string | undefined;
      index?: boolean | undefined;
      caseSensitive?: boolean | undefined;
      module: { handle?: unknown };
    }
  | undefined
>;

type LimitRoute = { id: string; path?: string; caseSensitive?: boolean; bodyLimit?: BodyLimit } & (
  | { index: true; children?: undefined }
  | { index?: false; children: Array<LimitRoute> }
);

function isBodyLimit(value: unknown): value is BodyLimit {
  return typeof value === "object" && value !== null && "maxBytes" in value && typeof value.maxBytes === "number";
}

/** The limit a route module's `handle` declares, if any (a handle is whatever the module exports). */
function declaredLimit(handle: unknown): BodyLimit | undefined {
  if (typeof handle !== "object" || handle === null || !("bodyLimit" in handle)) return undefined;
  return isBodyLimit(handle.bodyLimit) ? handle.bodyLimit : undefined;
}

/** React Router's route tree, rebuilt from the server build's flat manifest, with each route's limit. */
function routeTree(routes: RouteManifest, parentId: string | undefined): Array<LimitRoute> {
  return Object.values(routes).flatMap((route): Array<LimitRoute> => {
    if (!route || route.parentId !== parentId) return [];
    const bodyLimit = declaredLimit(route.module.handle);
    const common = {
      id: route.id,
      ...(route.path === undefined ? {} : { path: route.path }),
      ...(route.caseSensitive === undefined ? {} : { caseSensitive: route.caseSensitive }),
      ...(bodyLimit ? { bodyLimit } : {}),
    };
    return [route.index ? { ...common, index: true } : { ...common, children: routeTree(routes, route.id) }];
  });
}

/**
 * The body limits of a server build's routes: a request path is matched as React Router matches
 * it (no regard to case or a trailing slash, and a route's `.data` requests, the scripted form
 * posts, go to the route), and takes the limit of the deepest matched route that declares one,
 * else the default. Every write goes through this one lookup.
 */
export function routeBodyLimits(routes: RouteManifest): BodyLimitOf {
  const tree = routeTree(routes, undefined);
  return (path) => {
    const routePath = decodeURI(path).replace(/\.data$/, "");
    const matches = matchRoutes(tree, routePath) ?? [];
    const declared = matches.map((match) => match.route.bodyLimit).filter((limit) => limit !== undefined);
    return declared.at(-1) ?? defaultBodyLimit;
  };
}

/**
 * Whether a path goes to no page but the catch-all (`*`, the 404 page), as React Router would
 * match it: every such path is answered with one and the same document.
 */
export function unknownPaths(routes: RouteManifest, manifestPath: string | null): (path: string) => boolean {
  const tree = routeTree(routes, undefined);
  // matchRoutes ranks every route on each call (about 100 µs): the answers for recent paths are
  // kept, at most a thousand, so a crawler's dead links cost that once and random paths no more.
  const answers = new Map<string, boolean>();
  return (path) => {
    // A data request answers in React Router's own format; the manifest path is React Router's
    // route discovery for hydrated pages, answered by its handler, not by a route.
    if (path.endsWith(".data") || path === manifestPath) return false;
    let unknown = answers.get(path);
    if (unknown === undefined) {
      unknown = matchRoutes(tree, decodeURI(path))?.at(-1)?.route.path === "*";
      if (answers.size >= 1000) answers.clear();
      answers.set(path, unknown);
    }
    return unknown;
  };
}
