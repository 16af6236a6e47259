// Writes src/api/generated/schema.d.ts from the committed OpenAPI schema (docs/openapi.yaml, which
// `make schema` regenerates from the Django code); `--check` only fails when the file is stale, and
// `npm run build` runs it so tsc never checks the pages against an outdated copy.
//
// PyYAML writes YAML 1.1, where a plain `00852` (an area code) is a string, while js-yaml's YAML 1.2
// would read it as the number 852: so a number here is only what YAML 1.1 (and JSON) call one.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import yaml from "js-yaml";
import openapiTS from "openapi-typescript";

const here = dirname(fileURLToPath(import.meta.url));
const source = resolve(here, "../../docs/openapi.yaml");
const target = resolve(here, "../src/api/generated/schema.d.ts");

const number = (name, pattern) =>
  new yaml.Type(`tag:yaml.org,2002:${name}`, {
    kind: "scalar",
    resolve: (text) => text !== null && pattern.test(text),
    construct: Number,
  });
const yaml11 = yaml.FAILSAFE_SCHEMA.extend({
  implicit: [
    yaml.types.null,
    yaml.types.bool,
    number("int", /^[-+]?(0|[1-9][0-9]*)$/),
    number("float", /^[-+]?(0|[1-9][0-9]*)?\.[0-9]+([eE][-+]?[0-9]+)?$/),
  ],
});
const schema = yaml.load(readFileSync(source, "utf8"), { schema: yaml11 });
const generated = await openapiTS(schema, { exportType: false });

if (process.argv.includes("--check")) {
  let committed = "";
  try {
    committed = readFileSync(target, "utf8");
  } catch {
    // a missing file is stale too
  }
  if (committed !== generated) {
    console.error("src/api/generated/schema.d.ts is out of date with docs/openapi.yaml; run `npm run types`.");
    process.exit(1);
  }
} else {
  writeFileSync(target, generated);
}
