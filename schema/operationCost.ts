// What an operation may make the server do, counted from the document and the schema before it
// runs: every field costs 1, and what a list of objects selects counts as many times as the list
// is assumed to hold items. graphql-armor's cost rule does not know which fields are lists, so
// this one reads them from the schema.
import {
  type ASTVisitor,
  type GraphQLCompositeType,
  type GraphQLOutputType,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";

/** A list of objects is costed as if it held this many items. */
export const ASSUMED_LIST_ITEMS = 10;

function isList(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type);
}

function compositeType(context: ValidationContext, name: string | undefined, fallback: GraphQLCompositeType) {
  if (name === undefined) return fallback;
  const type = context.getSchema().getType(name);
  return type && isCompositeType(type) ? type : undefined;
}

/**
 * The cost of a selection set on `parentType`. Each fragment is costed once (`fragments` keeps
 * the result), so nested spreads cannot make the count itself slow; a fragment met again while it
 * is being costed is a cycle, which NoFragmentCyclesRule refuses, and counts 0 here. Unknown fields
 * cost 1 and are refused by the standard rules.
 */
function selectionSetCost(
  context: ValidationContext,
  parentType: GraphQLCompositeType,
  selectionSet: SelectionSetNode,
  fragments: Map<string, number | "costing">,
): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name === "__typename") continue;
      total += 1;
      // Introspection (`__schema`, `__type`) answers only in development; tokens and aliases bound it.
      if (!selection.selectionSet || name.startsWith("__")) continue;
      const field = isObjectType(parentType) || isInterfaceType(parentType) ? parentType.getFields()[name] : undefined;
      const inner = field && getNamedType(field.type);
      if (!field || !inner || !isCompositeType(inner)) continue;
      const each = selectionSetCost(context, inner, selection.selectionSet, fragments);
      total += (isList(field.type) ? ASSUMED_LIST_ITEMS : 1) * each;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = compositeType(context, selection.typeCondition?.name.value, parentType);
      if (type) total += selectionSetCost(context, type, selection.selectionSet, fragments);
    } else {
      const name = selection.name.value;
      const known = fragments.get(name);
      if (known !== undefined) {
        total += known === "costing" ? 0 : known;
        continue;
      }
      const fragment = context.getFragment(name);
      const type = fragment && compositeType(context, fragment.typeCondition.name.value, parentType);
      if (!fragment || !type) continue;
      fragments.set(name, "costing");
      const cost = selectionSetCost(context, type, fragment.selectionSet, fragments);
      fragments.set(name, cost);
      total += cost;
    }
  }
  return total;
}

/** A validation rule that hands each operation's cost to `check` (which throws to refuse it). */
export function operationCostRule(check: (cost: number) => void) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, number | "costing">();
    return {
      OperationDefinition(operation) {
        const root = context.getSchema().getRootType(operation.operation);
        if (root) check(selectionSetCost(context, root, operation.selectionSet, fragments));
      },
    };
  };
}
