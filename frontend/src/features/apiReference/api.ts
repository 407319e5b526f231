import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/useApi';

/** The public API's OpenAPI document as the API serves it (GET /openapi.json; the same for everyone, cached by ETag). */
export function useOpenApiDocument() {
  const api = useApi();
  return useQuery({ queryKey: ['openapi'], queryFn: () => api('getOpenApiDocument'), staleTime: 5 * 60_000 });
}
