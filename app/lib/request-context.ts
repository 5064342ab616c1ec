import { createContext } from "react-router";

/** Facts about the request the server knows and a Fetch Request does not. */
export type ClientInfo = {
  /** The visitor's address (behind a TRUST_PROXY proxy, the one it says it served). */
  address: string;
  /** The visitor is this machine (loopback, and no proxy stands between: see client-address.server.ts). */
  local: boolean;
};

export const clientInfoContext = createContext<ClientInfo>({ address: "unknown", local: false });
