// Imported first by every entry point that serves the site or runs its code (server.ts,
// `npm start`, the admin CLI). React and the libraries around it pick their development or
// production build from NODE_ENV when first imported, so it is set here, before any of them
// load: without it the server renders with React's development build, at half the speed.
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
