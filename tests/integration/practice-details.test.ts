import { expect } from "vitest";
import * as publicLayout from "#app/routes/public-layout.tsx";
import { practice } from "#app/content/practice.ts";
import { practiceDetailsDefaults } from "#app/pages/practice-details.ts";
import { unreadableHoursMessage } from "#app/content/office-hours.ts";
import { loadPractice } from "#app/pages/practice-details.server.ts";
import { listRevisions } from "#app/content/page-store.server.ts";
import { replaceConfig } from "#app/server/config.server.ts";
import { testConfigWith } from "#tests/setup/test-config.ts";
import { answerOf, contentTab, createTestAdmin, routeArgs, signedInCookie, siteRequest } from "#tests/fixtures/admin.ts";
import { testOnEachEngine } from "#tests/setup/test-database.ts";

const tab = contentTab("practice");

/** The practice details as their editor's form posts them (hours as officeHours[0].days...). */
function detailsForm(
  changes: Partial<Record<string, string>> = {},
  hours = [{ id: "hours-1", days: "Monday-Thursday", hours: "10AM-5PM" }],
) {
  const { officeHours: _hours, ...texts } = practiceDetailsDefaults;
  const lines = hours.flatMap((line, index) =>
    Object.entries(line).map(([key, value]) => [`officeHours[${index}].${key}`, value] as const),
  );
  return { ...texts, ...Object.fromEntries(lines), ...changes } as Record<string, string>;
}

testOnEachEngine("saved practice details are what every public page is given, with history, and bad ones are refused", async (db) => {
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const save = (form: Record<string, string>) => answerOf(() => tab.action(routeArgs(siteRequest("/admin/practice", { cookie, form }))));

  // Nothing saved: the built-in details.
  expect(await loadPractice(db)).toMatchObject({ phone: practice.phone, address: practice.address });

  // A number that cannot be dialled and hours nobody can read are refused with their reasons; nothing is stored.
  const refused = await save({
    ...detailsForm({ phone: "555-0142", baseVersion: "0" }, [{ id: "hours-1", days: "Weekdays", hours: "mornings" }]),
  });
  expect(refused).toMatchObject({
    status: 400,
    data: {
      result: {
        error: {
          phone: ["Enter a phone number with its area code, like (435) 555-0142."],
          "officeHours[0].days": ["Write the days like Monday-Thursday, Friday, or Monday, Wednesday."],
          "officeHours[0].hours": [unreadableHoursMessage],
        },
      },
    },
  });
  expect(await db.selectFrom("page_content").select("page_name").execute()).toEqual([]);

  const saved = await save(
    detailsForm({ phone: "(435) 555-0199", streetAddress: "95 W 200 N", city: "Parowan", postalCode: "84761", baseVersion: "0" }, [
      // As people write hours: kept as the site writes them.
      { id: "hours-1", days: "Tuesday-Friday", hours: "9 to 3" },
    ]),
  );
  expect(saved).toMatchObject({
    status: 200,
    data: { status: 200, version: 1, toast: { title: "Practice details updated successfully!" } },
  });

  const layout = (await publicLayout.loader(routeArgs(siteRequest("/")))) as { practice: typeof practice };
  expect(layout.practice.phone).toEqual({ display: "(435) 555-0199", href: "tel:+14355550199", textHref: "sms:+14355550199" });
  expect(layout.practice.address.lines).toEqual(["95 W 200 N", "Parowan, UT 84761"]);
  expect(layout.practice.officeHours).toEqual([
    { label: "Tuesday-Friday", hours: "9AM-3PM", days: ["Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "15:00" },
  ]);
  // Crisis lines are not staff's to change.
  expect(layout.practice).not.toHaveProperty("crisisLines");
  expect((await listRevisions(db, "practice")).map((revision) => revision.version)).toEqual([1]);
});

testOnEachEngine("PATIENT_PORTAL_URL is the portal link until staff save their own", async (db) => {
  replaceConfig(testConfigWith({ PATIENT_PORTAL_URL: "https://portal.example.org/ours" }));
  expect((await loadPractice(db)).patientPortalUrl).toBe("https://portal.example.org/ours");
  const admin = await createTestAdmin(db);
  const cookie = await signedInCookie(db, admin.id);
  const saved = await answerOf(() =>
    tab.action(
      routeArgs(
        siteRequest("/admin/practice", {
          cookie,
          form: detailsForm({ patientPortalUrl: "https://portal.example.net/new", baseVersion: "0" }),
        }),
      ),
    ),
  );
  expect(saved.status).toBe(200);
  expect((await loadPractice(db)).patientPortalUrl).toBe("https://portal.example.net/new");
});
