// `npm run check:security [-- base-url] [--contact]`: replays every admin endpoint without a
// valid session and with forged origins, posts every form field names crafted against its
// parser, then races sign-ins (and with --contact, contact messages) against their limits; exits
// non-zero if anything got through.
import { signInLimits } from "../app/staff/auth.server.ts";
import { checkFormAttacks, formatResults, raceContactPosts, raceSignIns, runSecurityCheck } from "./security-probes.ts";

const args = process.argv.slice(2);
const baseUrl = args.find((arg) => !arg.startsWith("--")) ?? process.env.BASE_URL ?? "http://127.0.0.1:3000";
try {
  const results = await runSecurityCheck(baseUrl);
  console.log(formatResults(results));
  const accepted = results.filter((result) => !result.refused);
  console.log(`\n${results.length} requests, ${accepted.length} accepted without a valid session or origin.`);
  const attacks = await checkFormAttacks(baseUrl);
  const failedAttacks = attacks.filter((attack) => !attack.held);
  for (const attack of failedAttacks)
    console.log(`FAILED ${attack.path} ${attack.attack}: ${attack.status || "no answer"} in ${attack.ms.toFixed(0)} ms`);
  console.log(
    `${attacks.length} crafted form posts (review F1): ${attacks.length - failedAttacks.length} answered at once with 400 or their normal answer.`,
  );
  const race = await raceSignIns(baseUrl);
  console.log(
    `${race.name}: ${race.allowed} checked (limit ${signInLimits.pair}), answers ${JSON.stringify(race.answers)}: ${race.held ? "held" : "FAILED"}`,
  );
  let held = race.held && failedAttacks.length === 0;
  if (args.includes("--contact")) {
    const limit = Number(process.env.CONTACT_RATE_LIMIT ?? 20);
    const contact = await raceContactPosts(baseUrl, { limit });
    console.log(
      `${contact.name}: ${contact.allowed} accepted (limit ${limit}), answers ${JSON.stringify(contact.answers)}: ${contact.held ? "held" : "FAILED"}`,
    );
    held &&= contact.held;
  }
  process.exitCode = accepted.length > 0 || !held ? 1 : 0;
} catch (error) {
  console.error(`Could not check ${baseUrl}:`, error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
