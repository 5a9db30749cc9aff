import type { DeclineReason } from '../lib/bank-rules';
import { formatGel } from '../lib/gel-format';
import type { OrderPurpose, OrderStatus } from '../lib/payment-orders';
import type { FieldErrors } from './card-form';
import { KA_BANK } from './ka-bank';

/**
 * The sandbox bank's pages: plain HTML forms, no script (its CSP allows none), one style sheet
 * of its own. Everything interpolated is escaped.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** What every page of an order shows: who is paid, what for, how much. */
export interface PageOrder {
  loan: number;
  purpose: OrderPurpose;
  amount: string;
  merchant: string;
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="ka">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${KA_BANK.bankName}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/bank.css">
</head>
<body>
<header class="bank-header">
<p class="bank-name">${KA_BANK.bankName}</p>
<p class="secure">${KA_BANK.secure}</p>
</header>
<main class="bank-main">
<h1>${escapeHtml(title)}</h1>
${content}
</main>
<footer class="bank-footer"><p>${KA_BANK.testBank}</p></footer>
</body>
</html>
`;
}

function summary(order: PageOrder): string {
  return `<dl class="summary">
<div><dt>${KA_BANK.merchant}</dt><dd>${escapeHtml(order.merchant)}</dd></div>
<div><dt>${KA_BANK.purpose}</dt><dd>${escapeHtml(KA_BANK.purposes[order.purpose](order.loan))}</dd></div>
<div class="total"><dt>${KA_BANK.amount}</dt><dd>${escapeHtml(formatGel(order.amount))}</dd></div>
</dl>`;
}

interface FieldSpec<F extends string> {
  name: F;
  label: string;
  hint: string;
  /** Extra input attributes (autocomplete, inputmode, sizes). */
  attributes: string;
  value?: string;
}

function field<F extends string>(spec: FieldSpec<F>, errors: FieldErrors<F>): string {
  const error = errors[spec.name];
  const described = [`${spec.name}-hint`, ...(error ? [`${spec.name}-error`] : [])].join(' ');
  return `<div class="field${error ? ' field-invalid' : ''}">
<label for="${spec.name}">${escapeHtml(spec.label)}</label>
<p class="hint" id="${spec.name}-hint">${escapeHtml(spec.hint)}</p>
${error ? `<p class="error" id="${spec.name}-error">${escapeHtml(error)}</p>\n` : ''}<input id="${spec.name}" name="${spec.name}" type="text" ${spec.attributes} aria-describedby="${described}"${error ? ' aria-invalid="true"' : ''} value="${escapeHtml(spec.value ?? '')}">
</div>`;
}

function errorSummary<F extends string>(errors: FieldErrors<F>, order: readonly F[]): string {
  const listed = order.filter((name) => errors[name]);
  if (listed.length === 0) return '';
  const items = listed
    .map((name) => `<li><a href="#${name}">${escapeHtml(errors[name] ?? '')}</a></li>`)
    .join('\n');
  return `<div class="error-summary" role="alert">
<h2>${KA_BANK.errorSummary}</h2>
<ul>
${items}
</ul>
</div>`;
}

function actions(primary: string): string {
  // The first submit button is the one Enter presses: paying, not canceling.
  return `<div class="actions">
<button type="submit" class="primary">${escapeHtml(primary)}</button>
<button type="submit" name="cancel" value="1" class="secondary" formnovalidate>${KA_BANK.cancel}</button>
</div>`;
}

export interface CardPage {
  order: PageOrder;
  action: string;
  formToken: string;
  /** What the customer typed, kept on an error: never the number or the code. */
  values: { expiry?: string; holder?: string };
  errors: FieldErrors<'card_number' | 'expiry' | 'cvc' | 'holder'>;
}

export function cardPage({ order, action, formToken, values, errors }: CardPage): string {
  const fields = [
    field(
      {
        name: 'card_number',
        label: KA_BANK.cardNumber,
        hint: KA_BANK.cardNumberHint,
        attributes:
          'inputmode="numeric" autocomplete="cc-number" maxlength="23" spellcheck="false" aria-required="true"',
      },
      errors,
    ),
    `<div class="pair">`,
    field(
      {
        name: 'expiry',
        label: KA_BANK.expiry,
        hint: KA_BANK.expiryHint,
        attributes:
          'inputmode="numeric" autocomplete="cc-exp" maxlength="7" spellcheck="false" aria-required="true"',
        value: values.expiry,
      },
      errors,
    ),
    field(
      {
        name: 'cvc',
        label: KA_BANK.cvc,
        hint: KA_BANK.cvcHint,
        attributes:
          'inputmode="numeric" autocomplete="cc-csc" maxlength="3" spellcheck="false" aria-required="true"',
      },
      errors,
    ),
    `</div>`,
    field(
      {
        name: 'holder',
        label: KA_BANK.holder,
        hint: KA_BANK.holderHint,
        attributes:
          'autocomplete="cc-name" maxlength="100" spellcheck="false" aria-required="true"',
        value: values.holder,
      },
      errors,
    ),
  ].join('\n');
  return page(
    KA_BANK.cardTitle,
    `${summary(order)}
${errorSummary(errors, ['card_number', 'expiry', 'cvc', 'holder'])}
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="form_token" value="${escapeHtml(formToken)}">
${fields}
${actions(KA_BANK.pay(formatGel(order.amount)))}
</form>
<p class="note">${KA_BANK.cardNote}</p>`,
  );
}

export interface CodePage {
  order: PageOrder;
  action: string;
  formToken: string;
  /** The last digits of the phone the code went to. */
  phoneEnd: string;
  error?: string;
}

export function codePage({ order, action, formToken, phoneEnd, error }: CodePage): string {
  const errors = error ? { code: error } : {};
  return page(
    KA_BANK.codeTitle,
    `${summary(order)}
<p class="lead">${escapeHtml(KA_BANK.codeSent(phoneEnd))}</p>
${errorSummary(errors, ['code'])}
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="form_token" value="${escapeHtml(formToken)}">
${field(
  {
    name: 'code',
    label: KA_BANK.code,
    hint: KA_BANK.codeHint,
    attributes:
      'inputmode="numeric" autocomplete="one-time-code" maxlength="6" spellcheck="false" aria-required="true"',
  },
  errors,
)}
${actions(KA_BANK.confirm)}
</form>`,
  );
}

/** The page of an order that is no longer waiting for the customer: what became of it. */
export function closedPage(
  order: PageOrder & { status: OrderStatus; declineReason: DeclineReason | null },
  back: string,
): string {
  const reason =
    order.status === 'declined' && order.declineReason
      ? `<p>${escapeHtml(KA_BANK.declineReasons[order.declineReason])}</p>`
      : '';
  return page(
    KA_BANK.closedTitle,
    `${summary(order)}
<p class="state">${escapeHtml(KA_BANK.states[order.status])}</p>
${reason}
<p><a class="button" href="${escapeHtml(back)}">${escapeHtml(KA_BANK.back(order.merchant))}</a></p>`,
  );
}

/** A page that only says something (not found, a stale form, an error). */
export function messagePage(title: string, text: string): string {
  return page(title, `<p>${escapeHtml(text)}</p>`);
}
