/** A toast as the admin layout shows it; the server names one in a flash cookie (toast.server.ts). */
export type ToastMessage = {
  /** Shows the same message once, however often React renders it. */
  id: string;
  type: "success" | "error";
  title: string;
  description?: string;
};

/** A toast's words, before it is given an id to be shown under. */
export type Toast = Omit<ToastMessage, "id">;
