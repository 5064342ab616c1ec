/**
 * What an admin address outside the account's role shows (a 403 from the session middleware,
 * app/staff/session.server.ts): the server's message, and the way back to the account's part.
 */
export function NoAccess({ message }: { message: string }) {
  return (
    <>
      <p className="font-semibold">{message}</p>
      <p className="mt-3">
        <a className="link" href="/admin">
          Go to your dashboard
        </a>
      </p>
    </>
  );
}
