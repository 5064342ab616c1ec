import { createContext, useContext } from "react";
import type { ServiceLink } from "#app/content/collections.ts";

/**
 * The live services in the order staff set (app/content/collection-store.server.ts), given by the
 * public layout and the editor's preview to the header's menus, the home page's grid, the service
 * pages and the contact form. Empty where nobody gives them (nothing here ships the built-in list
 * to a browser).
 */
const ServicesContext = createContext<ReadonlyArray<ServiceLink>>([]);

export const ServicesProvider = ServicesContext.Provider;

export function useServices(): ReadonlyArray<ServiceLink> {
  return useContext(ServicesContext);
}
