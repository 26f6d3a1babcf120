/**
 * What a request is, in the document's terms: its operationId and path template, when it names one.
 * A file of its own, free of imports: the testing library's published types (the journal's entries)
 * name it, and must not pull the server into the package's declarations.
 */
export interface RequestOperation {
  operationId: string;
  template: string;
}
