import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import AdminInquiries from "#app/routes/admin/inquiries.tsx";

type InboxData = Parameters<typeof AdminInquiries>[0]["loaderData"];

/** The inbox as the server renders it for the given loader data. */
function renderInbox(loaderData: InboxData): string {
  const Stub = createRoutesStub([{ id: "inbox", path: "/admin/inquiries", Component: AdminInquiries as never }]);
  return renderToString(
    createElement(Stub, { initialEntries: ["/admin/inquiries"], hydrationData: { loaderData: { inbox: loaderData } } }),
  );
}

const inquiry = {
  id: "a",
  createdAt: "2026-01-01T17:30:00.000Z",
  received: "Jan 1, 2026, 10:30 AM MST",
  read: null,
  name: "<img src=x onerror=alert(1)>",
  email: "visitor@example.com",
  phone: null,
  service: "ESA Letters",
  message: "<script>alert(1)</script>",
  paymentMethod: "Insurance",
  insuranceCompany: "SelectHealth",
  isRead: false,
  readAt: null,
  spamReason: null,
  archived: false,
  therapist: null,
  language: "en",
} as const;

const inboxList = {
  view: { list: "inbox", show: "all", q: "" },
  possibleSpam: 0,
  exportRange: { from: "2026-01-01", to: "2026-01-15" },
} as const;

test("an empty inbox says 'No contact submissions yet.'", () => {
  const html = renderInbox({ ...inboxList, inquiries: [], newerHref: null, olderHref: null, isFirstPage: true });
  expect(html).toContain("No contact submissions yet.");
  expect(html).not.toContain("Older");
});

test("an inquiry renders as text with its badge, details and Mark as Read form", () => {
  const html = renderInbox({
    ...inboxList,
    inquiries: [inquiry],
    newerHref: null,
    olderHref: "/admin/inquiries?before=x",
    isFirstPage: true,
  });
  expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(html).not.toContain("<script>alert");
  expect(html).toContain(">New<");
  expect(html).toContain("Mark as Read");
  // One form a card holds the inquiry's id and its buttons, each adding what to do (a page of 25
  // renders 25 forms, not 50 to 75).
  const forms = html.match(/<form[^>]*method="post"[^>]*>.*?<\/form>/g) ?? [];
  expect(forms).toHaveLength(1);
  expect(forms[0]).toContain(`name="id" value="${inquiry.id}"`);
  expect(forms[0]).toMatch(/<button(?=[^>]*name="intent")(?=[^>]*value="mark-read")[^>]*>Mark as Read<\/button>/);
  expect(forms[0]).toMatch(/<button(?=[^>]*name="intent")(?=[^>]*value="archive")[^>]*>Archive<\/button>/);
  expect(html).toContain("SelectHealth");
  expect(html).toContain('href="/admin/inquiries?before=x"');
  const read = renderInbox({
    ...inboxList,
    inquiries: [{ ...inquiry, isRead: true, readAt: "2026-01-02T00:00:00.000Z", read: "Jan 1, 2026, 5:00 PM MST" }],
    newerHref: null,
    olderHref: null,
    isFirstPage: true,
  });
  expect(read).toContain(">Read<");
  expect(read).not.toContain("Mark as Read");
});

test("an inquiry sent from a Spanish page says 'Wrote in Spanish'; an English one says nothing of its language", () => {
  const page = (language: "en" | "es") =>
    renderInbox({ ...inboxList, inquiries: [{ ...inquiry, language }], newerHref: null, olderHref: null, isFirstPage: true });
  expect(page("es")).toContain(">Wrote in <!-- -->Spanish</span>");
  expect(page("en")).not.toContain("Wrote in");
});

test("a message kept as possible spam shows its mark, its reason and a Not spam button; the lists are linked with the count", () => {
  const html = renderInbox({
    ...inboxList,
    view: { list: "possible-spam", show: "all", q: "" },
    possibleSpam: 1,
    inquiries: [{ ...inquiry, spamReason: "sent 400 ms after the form was shown" }],
    newerHref: null,
    olderHref: null,
    isFirstPage: true,
  });
  expect(html).toContain("Possible spam (1)");
  expect(html).toContain(">Possible spam<");
  expect(html).toContain("Kept as possible spam: sent 400 ms after the form was shown.");
  expect(html).toMatch(/<button(?=[^>]*name="intent")(?=[^>]*value="not-spam")[^>]*>Not spam<\/button>/);
  expect(html).toContain("Mark as Read");
  expect(html).toMatch(/<a(?=[^>]*aria-current="page")[^>]*href="\/admin\/inquiries\?list=possible-spam"/);
  const empty = renderInbox({
    ...inboxList,
    view: { list: "possible-spam", show: "all", q: "" },
    possibleSpam: 0,
    inquiries: [],
    newerHref: null,
    olderHref: null,
    isFirstPage: true,
  });
  expect(empty).toContain("Nothing is kept as possible spam.");
  expect(empty).not.toContain("No contact submissions yet.");
});
