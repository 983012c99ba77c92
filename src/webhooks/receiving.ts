// Who receives (spec, Webhooks): "the person who made it must still be the Owner, or an Editor
// with access to the site". An endpoint whose creator left, or lost that role, receives nothing;
// nor does an endpoint of a deleted site. One SQL condition, used when an event's deliveries are
// made and again before every attempt; creatorMayReceive (endpoints.ts) is the same rule for the list.

/** SQL: the endpoint `alias` may receive now. */
export function receivingEndpointSql(alias: string): string {
  return `EXISTS (SELECT 1 FROM membership m
                   WHERE m.workspace_id = ${alias}.workspace_id AND m.person_id = ${alias}.created_by_id
                     AND (m.role = 'Owner' OR (m.role = 'Editor' AND ${alias}.site_id IS NOT NULL)))
          AND (${alias}.site_id IS NULL OR EXISTS (SELECT 1 FROM site s WHERE s.id = ${alias}.site_id AND s.deleted_at IS NULL))`;
}
