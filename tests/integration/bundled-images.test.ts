import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "vitest";

// The bundled artwork in public/images is what tools/generate-images.ts makes with the
// encoder's "bundled" settings: a change to encodeVariant that forgets the committed files shows
// here. (A service hero has the 1920 px variant, a portrait the small ones; all of them take a minute.)
test("the bundled hero and portrait in public/images are byte for byte what tools/generate-images.ts makes", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["tools/generate-images.ts", "--check", "services/esa-letters", "staff/staff-03"],
    {
      encoding: "utf8",
    },
  );
  expect(stdout).toContain("every file checked is as this script makes it");
});
