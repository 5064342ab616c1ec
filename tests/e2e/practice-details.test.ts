import { practice } from "#app/content/practice.ts";
import { openHydrated, toast } from "#tests/fixtures/e2e-admin.ts";
import { expect, test } from "#tests/fixtures/e2e-test.ts";

// The practice's own details, edited in the admin and shown by every public page.

test("a new phone, address and hours saved in Practice Details show in the header, footer, contact page and structured data", async ({
  page,
  editsPages,
  signInDirectly,
}) => {
  await editsPages("practice");
  await signInDirectly(page);
  // Beside the specification's five tabs: a link in the dashboard's header.
  await openHydrated(page, "/admin/homepage");
  await page.getByRole("banner").getByRole("link", { name: "Practice Details" }).click();
  await expect(page).toHaveURL("/admin/practice");
  await expect(page.getByRole("heading", { name: "Practice Details", level: 2 })).toBeVisible();

  // A number that cannot be dialled is refused beside its field, and nothing is saved.
  await page.getByLabel("Phone", { exact: true }).fill("555-0199");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Enter a phone number with its area code, like (435) 555-0142.")).toBeVisible();
  await expect(page.getByLabel("Phone", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Phone", { exact: true }).fill("(435) 555-0199");
  await page.getByLabel("Street address").fill("95 W 200 N");
  const friday = page.getByRole("group", { name: "Friday" });
  await friday.getByLabel("Days").fill("Friday-Saturday");
  // Hours nobody can read are refused with examples; hours as people write them are read.
  await friday.getByLabel("Hours").fill("mornings");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(friday.getByText("Write the hours like 9AM-5PM, 9 to 5, or 9:00-17:00.")).toBeVisible();
  await friday.getByLabel("Hours").fill("9 to 1");
  // The preview shows them in the contact page's details, header and footer, before anything is saved.
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.frameLocator("iframe[title^='Preview']");
  await expect(preview.getByRole("region", { name: "Get in Touch" })).toContainText("Friday-Saturday 9AM-1PM");
  await expect(preview.getByRole("banner").getByRole("link", { name: /Call \(435\) 555-0199/ })).toBeVisible();
  await page.getByRole("button", { name: "Close preview" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Practice details updated successfully!")).toBeVisible();
  // Kept as the site writes hours.
  await expect(page.getByRole("group", { name: "Friday-Saturday" }).getByLabel("Hours")).toHaveValue("9AM-1PM");

  await expect(async () => {
    await page.goto("/contact");
    await expect(page.getByRole("banner").getByRole("link", { name: /Call \(435\) 555-0199/ })).toHaveAttribute("href", "tel:+14355550199");
  }).toPass();
  const details = page.getByRole("region", { name: "Get in Touch" });
  await expect(details.getByRole("link", { name: "(435) 555-0199" })).toHaveAttribute("href", "tel:+14355550199");
  await expect(details).toContainText("95 W 200 N");
  await expect(details).toContainText("Friday-Saturday 9AM-1PM");
  await expect(page.getByRole("contentinfo")).toContainText("95 W 200 N");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "(435) 555-0199", exact: true })).toBeVisible();
  const jsonLd = JSON.parse((await page.locator("script[type='application/ld+json']").textContent()) ?? "{}");
  expect(jsonLd.telephone).toBe("+14355550199");
  expect(jsonLd.address.streetAddress).toBe("95 W 200 N");
  expect(jsonLd.openingHoursSpecification.at(-1)).toMatchObject({ dayOfWeek: ["Friday", "Saturday"], opens: "09:00", closes: "13:00" });
  // The crisis lines are fixed: the 988 line is still there, whatever staff changed.
  await expect(page.getByRole("contentinfo").getByRole("link", { name: /988/ }).first()).toBeVisible();
  // Every other page reads the same details.
  await page.goto("/about");
  await expect(page.getByRole("banner").getByRole("link", { name: /Call \(435\) 555-0199/ })).toBeVisible();
  await expect(page.getByRole("banner")).not.toContainText(practice.phone.display);
});

test("page texts show the phone from Practice Details: a new number there shows under the call button and on every page", async ({
  page,
  editsPages,
  signInDirectly,
}) => {
  await editsPages("homepage", "practice");
  await signInDirectly(page);
  await openHydrated(page, "/admin/homepage");
  // The built-in text names the phone by its token, shown filled in everywhere visitors read it.
  const footerText = page.getByLabel("Call to action footer text");
  await expect(footerText).toHaveValue(/^Call or text \{phone\}, or send us a message\./);
  // A number typed into a text is pointed out, with the practice's.
  await footerText.fill("Call or text 801-555-0100, or send us a message.");
  await expect(
    page.getByText(
      "This text has the phone number 801-555-0100, which is not the practice's number, (435) 555-0142. If it should be the practice's, replace it with {phone} (the Phone button inserts it), so it follows Practice Details.",
    ),
  ).toBeVisible();
  // Insert, shown while the text is edited, puts the token where the cursor is.
  const insertPhone = page.getByRole("button", { name: "Insert the practice's Phone into Call to action footer text" });
  await page.getByLabel("Hero title").focus();
  await expect(insertPhone).toBeHidden();
  await footerText.fill("Call or text , or send us a message.");
  await footerText.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(13, 13));
  await insertPhone.click();
  await expect(footerText).toHaveValue("Call or text {phone}, or send us a message.");
  await expect(page.getByText(/This text has the phone number/)).toHaveCount(0);
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.frameLocator("iframe[title^='Preview']");
  await expect(preview.getByText("Call or text (435) 555-0142, or send us a message.")).toBeVisible();
  await page.getByRole("button", { name: "Close preview" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Homepage content updated successfully!")).toBeVisible();

  // The review's task: the number changed in Practice Details, typed the way people type it.
  await openHydrated(page, "/admin/practice");
  await page.getByLabel("Phone", { exact: true }).fill("435-555-0100");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Practice details updated successfully!")).toBeVisible();

  await expect(async () => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Call (435) 555-0100" }).last()).toBeVisible();
  }).toPass();
  const cta = page.locator("section", { has: page.locator("#cta-title") });
  await expect(cta.getByRole("link", { name: "Call (435) 555-0100" })).toHaveAttribute("href", "tel:+14355550100");
  await expect(cta).toContainText("Call or text (435) 555-0100, or send us a message.");
  // No page still shows the old number anywhere.
  for (const path of ["/", "/about", "/contact", "/resources", "/services/family-counseling"]) {
    await page.goto(path);
    await expect(page.locator("body")).toContainText("(435) 555-0100");
    await expect(page.locator("body")).not.toContainText("555-0142");
  }
});
