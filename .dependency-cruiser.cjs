// Import rules, checked by `npm run lint` and `npm test` (dependency-cruiser): no import cycles at
// start-up; app/server is the floor the features stand on (infrastructure: database, config, mail,
// log, the form filter), so it imports no feature; and app/lib stays a shelf of framework-free helpers.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment:
        "A cycle makes the order of module start-up matter and the code hard to move. An import() is not followed: it runs after start-up (a page kind's view, loaded by its definition, imports the kind back).",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only", "dynamic-import"] } },
    },
    {
      name: "lib-is-framework-free",
      severity: "error",
      comment: "app/lib holds helpers that know no page, store, route or component: a domain module belongs in its feature folder.",
      from: { path: "^app/lib/" },
      to: { path: "^app/(?!lib/)[^/]+/" },
    },
    {
      name: "server-is-infrastructure",
      severity: "error",
      comment:
        "app/server is infrastructure only: a module that knows a page, an inquiry, a staff account or an image belongs in its feature folder.",
      from: { path: "^app/server/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^app/(?!server/|lib/)[^/]+/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router)/" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
