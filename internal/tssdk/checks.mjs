// The checks the test scripts share, on either side of a connection: a
// script that meets anything unexpected ends with status 1 and the reason
// on stderr, so the Go test running it fails with that reason. Dir writes
// it beside the scripts.
import path from "node:path";

const script = path.basename(process.argv[1] ?? "node");

// fail ends the script with status 1 and the reason on stderr.
export function fail(why) {
  process.stderr.write(`${script}: ${why instanceof Error ? why.stack : why}\n`);
  process.exit(1);
}
process.on("unhandledRejection", fail);
process.on("uncaughtException", fail);

// expect fails unless got and want have the same JSON.
export function expect(what, got, want) {
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    fail(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  }
}

// valid fails unless the SDK's schema accepts value, and returns it.
export function valid(what, schema, value) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) fail(`${what}: invalid ${JSON.stringify(value)}: ${parsed.error}`);
  return value;
}
