/**
 * A request body as it arrives, before the server checks it: the contract's field names, any values.
 * For bodies whose rules (and their exact messages) are the domain's rather than class-validator's.
 */
export type Unchecked<Request> = { [Field in keyof Request]?: unknown };
