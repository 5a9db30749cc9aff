import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { FieldPath, FieldValues, PathValue, UseFormSetValue } from 'react-hook-form';
import type { ApiError } from 'shared/api/api-error';
import type { TermsOfContract } from 'shared/api/cms/terms-of-contract';

/** What `Acceptance` needs to know of a document the provider said is no longer current. */
export interface RepublishedDocument {
  /** The provider refused the accepted id: the current version is (being) loaded afresh. */
  republished: boolean;
  /** The outdated version is being replaced: nothing can be accepted until the current shows. */
  reloading: boolean;
  /** Set when the box was the first field in error: it takes focus once the new version shows. */
  focusOnLoad: { current: boolean };
  /**
   * Call with a failed submit's error (after applyServerError): true when the provider named
   * this document's field, in which case the box is cleared and the current version fetched.
   */
  recover: (error: ApiError) => boolean;
}

/**
 * The recovery from "this document was republished while the form was open" (a field error
 * under the provider's field for the accepted id): the current version is loaded again, the
 * box is unticked and `Acceptance` tells the customer to read and accept it afresh. Nothing
 * else the customer typed is touched; the provider's own message stays at the box.
 */
export function useRepublishedDocument<T extends FieldValues>({
  document,
  setValue,
  name,
  fields = [name],
}: {
  document: UseQueryResult<TermsOfContract | null>;
  setValue: UseFormSetValue<T>;
  /**
   * The form's boolean field for the box, named as the provider's field for the accepted id
   * (`terms_of_contract`, `personal_data_consent`), so applyServerError puts the provider's
   * message at the box.
   */
  name: FieldPath<T>;
  /** The provider's fields in the order the form shows them: the first in error takes focus. */
  fields?: readonly string[];
}): RepublishedDocument {
  const [republished, setRepublished] = useState(false);
  const focusOnLoad = useRef(false);
  const recover = (error: ApiError) => {
    if (!error.fieldErrors[name]?.length) return false;
    setValue(name, false as PathValue<T, FieldPath<T>>);
    focusOnLoad.current = fields.find((field) => error.fieldErrors[field]?.length) === name;
    setRepublished(true);
    void document.refetch();
    return true;
  };
  return { republished, reloading: republished && document.isFetching, focusOnLoad, recover };
}
