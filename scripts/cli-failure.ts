// How the project's commands end on an error: an expected problem (a refused setting or input)
// is one line, a wrong option that line and the usage, anything else its stack trace.
import { ConfigError } from "../app/server/config.server.ts";

/** Prints why the command failed and sets a failing exit code; `expected` names the command's own errors. */
export function reportCliFailure(error: unknown, usage: string, expected: ReadonlyArray<new (...args: never[]) => Error> = []): void {
  if (error instanceof Error && (error instanceof ConfigError || expected.some((kind) => error instanceof kind)))
    console.error(error.message);
  else if (error instanceof TypeError && "code" in error && error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION")
    console.error(`${error.message}\n${usage}`);
  else console.error(error);
  process.exitCode = 1;
}
