import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { expect, test, vi } from "vitest";
import { editorBodyLimitBytes } from "#app/content/page-save.ts";
import { formMessageOf } from "#app/admin-action/admin-answer.ts";
import { adminClientAction } from "#app/admin-action/admin-action.ts";
import { editorClientRules, fieldLabel } from "./save-answer.ts";

const keepTextWhenOffline = (args: { request: Request; serverAction: () => Promise<unknown> }) =>
  adminClientAction(args, editorClientRules);

function aboutForm(bio: string): FormData {
  const form = new FormData();
  form.set("title", "About us");
  form.set("staff[0].name", "Ava Morgan");
  form.set("staff[0].bio", bio);
  form.set("staff[1].bio", "short");
  form.set("benefits[2]", "x");
  return form;
}

const request = (form: FormData) =>
  new Request("http://localhost/admin/about", { method: "POST", body: new URLSearchParams(form as unknown as Record<string, string>) });

test("fields are named as staff know them", () => {
  const form = aboutForm("");
  expect(fieldLabel("staff[0].bio", form)).toBe("Bio of Ava Morgan");
  expect(fieldLabel("staff[1].bio", form)).toBe("Bio of staff member 2");
  expect(fieldLabel("benefits[2]", form)).toBe("Benefits, item 3");
  expect(fieldLabel("additionalInfo", form)).toBe("Additional information");
  // An article's body, the one field that can grow that large alone.
  expect(fieldLabel("body", form)).toBe("Article");
});

test("a save larger than the server takes is not sent; the editor says which texts are longest and keeps them", async () => {
  const serverAction = vi.fn();
  const huge = "漢".repeat(Math.ceil(editorBodyLimitBytes / 9) + 1);
  const answer = await keepTextWhenOffline({ request: request(aboutForm(huge)), serverAction });
  expect(serverAction).not.toHaveBeenCalled();
  expect(answer).toMatchObject({ status: 413, toast: { title: "Error", description: "Failed to save content." } });
  const message = formMessageOf(answer as Parameters<typeof formMessageOf>[0]) ?? "";
  expect(message).toMatch(
    /^Your changes were not saved: together they are 4\.0 MB, and a page can take at most 4\.0 MB\. Your text is still here\./,
  );
  expect(message).toContain("Shorten the longest texts first: Bio of Ava Morgan (4096 KB)");
});

test("the server's 413 gets the same message; a lost session and a lost connection keep theirs", async () => {
  const form = aboutForm("a little");
  // What React Router throws when the server answers a save with an error status of its own.
  const refusal = (status: number) => () => Promise.reject(new ErrorResponse(status, "", "<!doctype html>"));
  const tooLarge = await keepTextWhenOffline({ request: request(form), serverAction: refusal(413) });
  expect(tooLarge).toMatchObject({ status: 413 });
  expect(JSON.stringify(tooLarge)).toContain("Your changes were not saved: together they are");
  const ended = await keepTextWhenOffline({ request: request(form), serverAction: refusal(401) });
  expect(ended).toMatchObject({ status: 401 });
  expect(JSON.stringify(ended)).toContain("Your session has ended");
  const lost = await keepTextWhenOffline({ request: request(form), serverAction: () => Promise.reject(new TypeError("Failed to fetch")) });
  expect(lost).toMatchObject({ status: 0 });
  expect(JSON.stringify(lost)).toContain("Your changes were not saved. Please try again");
  // A redirect and a page that is gone go on to React Router.
  await expect(keepTextWhenOffline({ request: request(form), serverAction: refusal(404) })).rejects.toBeInstanceOf(ErrorResponse);
});
