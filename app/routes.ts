import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { publicPageRoutes } from "./content/pages.ts";

export default [
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("articles/feed.xml", "routes/article-feed.ts"),
  route("es/articles/feed.xml", "routes/article-feed.ts", { id: "es:article-feed" }),
  route("api/inquiries", "routes/api-inquiries.ts"),
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("login/code", "routes/admin/login-code.tsx"),
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    // One page for both kinds of one-time link (app/staff/account-links.server.ts).
    route("invite/:secret", "routes/admin/account-link.tsx", { id: "invite-link" }),
    route("reset-password/:secret", "routes/admin/account-link.tsx", { id: "reset-link" }),
    // The session is checked once, by this route's middleware, for everything below it.
    layout("routes/admin/signed-in.tsx", [
      route("logout", "routes/admin/logout.tsx"),
      route("images/upload", "routes/admin/image-upload.ts"),
      route("inquiries/export", "routes/admin/inquiries-export.ts"),
      route("privacy/export", "routes/admin/privacy-export.ts"),
      route("account/sessions", "routes/admin/account-sessions.ts"),
      route("profile/photo", "routes/admin/profile-photo.ts"),
      layout("routes/admin/layout.tsx", [
        index("routes/admin/index.tsx"),
        route("images", "routes/admin/images.tsx"),
        route("inquiries", "routes/admin/inquiries.tsx"),
        route("history/:page", "routes/admin/history.tsx"),
        route("activity", "routes/admin/activity.tsx"),
        route("privacy", "routes/admin/privacy.tsx"),
        route("account", "routes/admin/account.tsx"),
        route("account/two-factor", "routes/admin/two-factor.tsx"),
        route("staff", "routes/admin/staff.tsx"),
        route("services/list", "routes/admin/service-list.tsx"),
        route("articles/list", "routes/admin/article-list.tsx"),
        route("profile", "routes/admin/profile.tsx"),
        route("reviews", "routes/admin/reviews.tsx"),
        route("translations", "routes/admin/translations.tsx"),
        route("notices", "routes/admin/notices.tsx"),
        route("scheduled", "routes/admin/scheduled.tsx"),
        // Every content tab (app/content/pages.ts); the fixed segments above come first.
        route(":tab", "routes/admin/page-editor.tsx"),
      ]),
    ]),
  ]),
  layout("routes/public-layout.tsx", [
    // The pages staff edit, each where its definition puts it (app/content/pages.ts), any kind
    // drawn by one module.
    ...publicPageRoutes.map(({ path, id }) =>
      path === "" ? index("routes/public-page.tsx", { id }) : route(path, "routes/public-page.tsx", { id }),
    ),
    // Each team member's page, from the About page's team.
    route("team/:slug", "routes/team-member.tsx"),
    route("contact", "routes/contact.tsx"),
    // The articles (issue 44): their list a page at a time, each article, and their feed.
    route("articles", "routes/articles.tsx", { id: "articles" }),
    route("articles/page/:number", "routes/articles.tsx", { id: "articles-page" }),
    route("articles/:slug", "routes/article.tsx"),
    // The same pages in Spanish (issue 43, decision 047): the site's own words in Spanish, the
    // practice's texts in English with a note until they are translated. Not linked or indexed yet.
    ...prefix("es", [
      ...publicPageRoutes.map(({ path, id }) =>
        path === "" ? index("routes/public-page.tsx", { id: `es:${id}` }) : route(path, "routes/public-page.tsx", { id: `es:${id}` }),
      ),
      route("team/:slug", "routes/team-member.tsx", { id: "es:team-member" }),
      route("contact", "routes/contact.tsx", { id: "es:contact" }),
      route("articles", "routes/articles.tsx", { id: "es:articles" }),
      route("articles/page/:number", "routes/articles.tsx", { id: "es:articles-page" }),
      route("articles/:slug", "routes/article.tsx", { id: "es:article" }),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
