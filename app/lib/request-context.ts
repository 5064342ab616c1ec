import { createContext } from "react-router";

/** Facts about the request the server knows and a Fetch Request does not. */
export type ClientInfo = {
  /** The visitor's address (behind a TRUST_PROXY proxy, the one it says it served). */
  address: string;
};

export const clientInfoContext = createContext<ClientInfo>({ address: "unknown" });
