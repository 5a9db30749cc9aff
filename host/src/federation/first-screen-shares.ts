/**
 * Shared modules the home page's slots start with that the host itself does not use. Imported
 * here, they are part of the host's first script (its shares are eager): otherwise the first
 * slice to load would provide its own copy, fetched only after the slice's own chunk, one
 * round trip more before the calculator can ask for its figures (decision 014), and with it
 * all of the slice's copies of `shared`, which are one chunk (tooling/rspack/fallback-chunks).
 */
// A visitor's and a customer's: the calculator.
import 'shared/api/loan/calculator';
import 'shared/stores/loan-request-store';
import 'shared/strings/ka-loan-figures';
import 'shared/ui/loan-figures';
import 'shared/ui/schedule-table';
// A customer's: their loans' dates and the pay buttons' writes.
import 'shared/lib/tbilisi-time';
import 'shared/lib/tbilisi-today';
import 'shared/query/use-write';
// A customer's: the addresses of acts the loans slice answers (v1.4's pay link, decision 048).
import 'shared/navigation/act-addresses';
