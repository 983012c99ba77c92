// The migrations in prisma/migrations are written by hand, so nothing else notices when they and
// prisma/schema.prisma stop describing the same database: a field added to a model without a
// migration type-checks and only fails when a query reaches it. This test migrates a fresh database
// and compares its catalog with the models as the generated Prisma client knows them.
//
// The models as declared, the catalog and their comparison are in test/support/schemaDiff.ts.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/database.ts";
import {
  type Catalog,
  type ClientInternals,
  compareColumns,
  compareEnums,
  compareForeignKeys,
  comparePrimaryKeys,
  compareTables,
  compareUniques,
  type DeclaredEnum,
  type DeclaredTable,
  declaredSchema,
  parseSchemaText,
  readCatalog,
} from "./support/schemaDiff.ts";
import { createTestDatabase, type TestDatabase } from "./support/testDatabase.ts";

const normalize = (schema: string) =>
  schema
    .split("\n")
    .map((line) => line.trim().replace(/\s+/g, " "))
    .join("\n")
    .trim();

let testDb: TestDatabase;
let db: Database;
let inlineSchema: string;
let declared: { tables: DeclaredTable[]; enums: DeclaredEnum[] };
let catalog: Catalog;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = openDatabase(testDb.url, 2);
  const internals = db.prisma as unknown as ClientInternals;
  const runtime = internals._runtimeDataModel?.models;
  const inline = internals._engineConfig?.inlineSchema;
  if (!runtime || inline === undefined) {
    throw new Error("this Prisma version keeps its data model elsewhere; update test/schema-drift.test.ts");
  }
  inlineSchema = inline;
  declared = declaredSchema(runtime, parseSchemaText(inlineSchema));
  catalog = await readCatalog(db);
});

afterAll(async () => {
  await db?.close();
  await testDb?.drop();
});

describe("the migrated database matches prisma/schema.prisma", () => {
  it("compares against a client generated from the current prisma/schema.prisma", async () => {
    const onDisk = await readFile(new URL("../prisma/schema.prisma", import.meta.url), "utf8");
    expect(normalize(inlineSchema) === normalize(onDisk), "the generated client is stale: run `npm run generate`").toBe(true);
  });

  it("has a table for every model and no other", () => {
    const problems = compareTables(declared.tables, catalog);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("has every field's column with its type and nullability, and no other column", () => {
    const problems = compareColumns(declared.tables, catalog);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("has every enum with exactly its values, in order", () => {
    const problems = compareEnums(declared.enums, catalog);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("has each @id / @@id as the primary key", () => {
    const problems = comparePrimaryKeys(declared.tables, catalog);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("has a unique index for each @unique / @@unique, and no undeclared one", () => {
    const problems = compareUniques(declared.tables, catalog);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("has a foreign key with the declared actions for each relation, and no undeclared one", () => {
    const problems = compareForeignKeys(declared.tables, catalog);
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
