import { expect, test } from "#tests/fixtures/e2e-test.ts";
import { openHydrated, toast } from "#tests/fixtures/e2e-admin.ts";

// The Resources page's books, edited in the admin's Book List.

test("a book added to a category and a category renamed in the Book List show on /resources, with their booksellers' searches", async ({
  page,
  editsPages,
  signInDirectly,
}) => {
  // The Book List editor is the admin's largest page: each drawing of it takes seconds on a busy machine.
  test.slow();
  await editsPages("resources");
  await signInDirectly(page);
  await openHydrated(page, "/admin/homepage");
  await page.getByRole("banner").getByRole("link", { name: "Book List" }).click();
  await expect(page).toHaveURL("/admin/resources");

  const anxiety = page.getByRole("group", { name: "Anxiety", exact: true });
  await anxiety.getByRole("button", { name: "Add a book" }).click();
  await anxiety.getByLabel("Title").first().fill("The Anxious Mind");
  await anxiety.getByLabel("Author").first().fill("Charles H. Elliott");
  await anxiety.getByLabel("Why we recommend it").first().fill("A calm, plain guide to how worry works.");
  await anxiety.getByRole("button", { name: "Add Book" }).click();
  await expect(anxiety.getByRole("group", { name: "The Anxious Mind" })).toBeVisible();
  await page
    .getByRole("group", { name: "Depression", exact: true })
    .getByRole("textbox", { name: "Name", exact: true })
    .fill("Depression & Low Mood");
  await page.getByRole("button", { name: "Save Changes" }).click();
  // The toast comes once the editor has been drawn again from the saved version (usePageEditor):
  // for the Book List, about 2,000 elements and 130 fields, 1 to 3 s on an idle 2-core machine and
  // over 10 s while other tests load it (the suite's expectations wait up to a minute).
  await expect(toast(page, "Recommended books updated successfully!")).toBeVisible();

  await expect(async () => {
    await page.goto("/resources");
    await expect(page.getByRole("heading", { name: "Depression & Low Mood", level: 2 })).toBeVisible();
  }).toPass();
  const book = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "The Anxious Mind", level: 3 }) });
  await expect(book).toContainText("by Charles H. Elliott");
  await expect(book.getByRole("link", { name: /Bookshop\.org/ })).toHaveAttribute("href", /keywords=The\+Anxious\+Mind\+Charles/);
  // The categories menu leads to the renamed one.
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Depression & Low Mood" }).click();
  await expect(page).toHaveURL(/#depression$/);
});

test("a book without a title is refused beside its field, and nothing is saved", async ({ page, signInDirectly }) => {
  await signInDirectly(page);
  await openHydrated(page, "/admin/resources");
  const anxiety = page.getByRole("group", { name: "Anxiety", exact: true });
  await anxiety.getByRole("group", { name: "The Worry Trick" }).getByLabel("Title").fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  // Untitled, the book is named by its place in the list.
  const book = anxiety.getByRole("group", { name: "Book 2" });
  await expect(book.getByText("Title is required.")).toBeVisible();
  await expect(book.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await expect(toast(page, "Recommended books updated successfully!")).toHaveCount(0);
});
