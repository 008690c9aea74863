/**
 * The body of every non-OK API response. The web client shows `message`; `code`
 * is stable for programs; `field` names the input a validation error is about.
 */
export interface ApiErrorBody {
  message: string;
  code: string;
  field?: string;
}
