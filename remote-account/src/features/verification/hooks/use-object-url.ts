import { useEffect, useState } from 'react';

/**
 * An object URL for previewing `file`, revoked when the file changes or the component
 * unmounts so a customer who picks photos again and again does not leak memory.
 */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
