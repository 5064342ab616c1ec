import { expect, test, vi } from "vitest";
import { log } from "#app/server/log.server.ts";
import { z } from "zod";
import { adminAction } from "./admin-action.server.ts";

const schema = z.object({ name: z.string({ error: "Name is required" }), secret: z.string().optional() });
const rules = {
  failed: { message: "It did not work.", toast: { type: "error" as const, title: "Error", description: "It did not work." } },
  hideFields: ["secret"],
};

function post(fields: Record<string, string>, contentType = "application/x-www-form-urlencoded"): Request {
  return new Request("http://localhost/admin/thing", {
    method: "POST",
    headers: { "Content-Type": contentType },
    body: new URLSearchParams(fields).toString(),
  });
}

/** What React Router would send: the answer's body and the response's status. */
function sent(result: unknown) {
  const { data, init } = result as { data: unknown; init: { status?: number } | null };
  return { status: init?.status, data };
}

test("the schema's values reach the action; its answer goes out with its own status", async () => {
  const act = vi.fn(async (value: { name: string }, reply) => reply(409, { message: `Taken: ${value.name}`, version: 3 }));
  const answer = sent(await adminAction(post({ name: "Ava" }), schema, rules, act));
  expect(act).toHaveBeenCalledOnce();
  expect(answer).toMatchObject({ status: 409, data: { status: 409, version: 3, result: { error: { "": ["Taken: Ava"] } } } });
});

test("a refused form never reaches the action and says why beside each field; a hidden field is not sent back", async () => {
  const act = vi.fn();
  const answer = sent(await adminAction(post({ name: "", secret: "hunter2" }), schema, rules, act));
  expect(act).not.toHaveBeenCalled();
  expect(answer).toMatchObject({ status: 400, data: { status: 400, result: { error: { name: ["Name is required"] } } } });
  expect(JSON.stringify(answer)).not.toContain("hunter2");
});

test("a body that is not the form is 400 with the form's message; an error in the action is 500 with the failure, values kept", async () => {
  const unread = sent(await adminAction(post({ name: "a" }, "multipart/form-data; boundary=x"), schema, rules, vi.fn()));
  expect(unread).toMatchObject({ status: 400, data: { result: { error: { "": [expect.stringContaining("could not be read")] } } } });

  vi.spyOn(log, "error").mockImplementation(() => {});
  const failing = async () => {
    throw new Error("database down");
  };
  const failed = sent(await adminAction(post({ name: "Ava" }), schema, rules, failing));
  expect(failed).toMatchObject({
    status: 500,
    data: { toast: rules.failed.toast, result: { error: { "": ["It did not work."] }, initialValue: { name: "Ava" } } },
  });
});

test("a response thrown on purpose (a 404, a redirect) goes on as it is", async () => {
  const gone = new Response(null, { status: 404 });
  await expect(
    adminAction(post({ name: "Ava" }), schema, rules, async () => {
      throw gone;
    }),
  ).rejects.toBe(gone);
});
