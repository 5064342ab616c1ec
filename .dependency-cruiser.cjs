// Import rules, checked by `npm run lint` and `npm test` (dependency-cruiser): no import cycles,
// and app/lib stays a shelf of framework-free helpers that no domain module leans on the other way.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      severity: "error",
      comment: "A cycle makes the order of module start-up matter and the code hard to move.",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "lib-is-framework-free",
      severity: "error",
      comment: "app/lib holds helpers that know no page, store, route or component: a domain module belongs in its feature folder.",
      from: { path: "^app/lib/" },
      to: { path: "^app/(content|inquiries|server|routes|components|islands)/" },
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
