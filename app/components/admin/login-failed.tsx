/** Why a sign-in failed, in the page (the sign-in page and the sign-in dialog), under the spec's "Login failed". */
export function LoginFailed({ message, className }: { message: string; className: string }) {
  return (
    <p role="alert" className={`rounded-lg border-l-4 border-clay bg-clay-soft text-sm font-medium text-clay-dark ${className}`}>
      <strong className="block">Login failed</strong>
      {message}
    </p>
  );
}
