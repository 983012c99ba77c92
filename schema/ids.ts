// Ids as the contract writes them: the spec gives each kind a letter case (Conventions §3), and
// the stores key rows by the lower-case uuid. A facade that takes an id GraphQL answered on to
// something outside GraphQL (the job event stream) reads it back here.
export { parseId } from "../src/ids.ts";
