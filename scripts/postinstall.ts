// After `npm install`: on a machine whose own Node.js is older than the project's, npm prints
// EBADENGINE warnings that look like a failure. Say once, after them, that they are expected.
const installedWith = /\bnode\/v(\d+)\.\S*/.exec(process.env.npm_config_user_agent ?? "");
if (installedWith && Number(installedWith[1]) < 24) {
  console.log(
    `\nNote: any "EBADENGINE Unsupported engine" warnings above are expected and harmless. npm ran on this ` +
      `machine's Node.js ${installedWith[0].slice(5)}; the project brings its own Node.js 24, which npm start, ` +
      `npm test and every other npm script use.\n`,
  );
}
