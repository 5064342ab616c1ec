import { createContext } from "react-router";

/** Facts about the request the server knows and a Fetch Request does not. */
export type ClientInfo = {
  /** The visitor's address (behind TRUST_PROXY proxies, the one the outermost proxy saw). */
  address: string;
};

export const clientInfoContext = createContext<ClientInfo>({ address: "unknown" });
