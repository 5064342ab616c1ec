import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * What a page shows when its session ended while it was open (a 401 from the session middleware
 * or a loader): it sends the admin to sign in again, and says so meanwhile.
 */
export function SessionEnded() {
  const navigate = useNavigate();
  useEffect(() => void navigate("/admin/login", { replace: true }), [navigate]);
  return (
    <p>
      Your session has ended.{" "}
      <a className="font-semibold underline" href="/admin/login">
        Sign in again
      </a>
    </p>
  );
}
