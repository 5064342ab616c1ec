import { createContext } from "react-router";

/** Facts about the request the server knows and a Fetch Request does not. */
export type ClientInfo = {
  /** The visitor's address (the first X-Forwarded-For entry only when TRUST_PROXY is set). */
  address: string;
};

export const clientInfoContext = createContext<ClientInfo>({ address: "unknown" });
