// The typed `graphql` tag for the facades' documents. gql.tada reads the schema's types from
// graphql-env.d.ts, generated from schema/schema.graphql (`npm run generate:graphql-env`), so the
// result of a document is typed from its selection and a field the schema no longer has fails
// the typecheck. Facades return whole results, so fragments are not masked.
import { initGraphQLTada } from "gql.tada";
import type { introspection } from "./graphql-env.d.ts";

export const graphql = initGraphQLTada<{ introspection: introspection; disableMasking: true }>();

export type { ResultOf, TadaDocumentNode, VariablesOf } from "gql.tada";
