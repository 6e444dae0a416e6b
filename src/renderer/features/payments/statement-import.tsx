// Issue 16: the bank statement import (upload, preview of which lines match which pending payment,
// confirm), opened from the payments list. Being written by the statement import helper.
export function StatementImportButton() {
  return null;
}
