import { defineConfig } from "prisma/config";

// The datasource URL is only needed by Prisma CLI commands that talk to a database; the service
// applies migrations itself (src/db/migrate.ts) and passes its connection to the pg adapter.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/unused" },
});
