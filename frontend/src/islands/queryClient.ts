import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/client";

/** One query client per page, shared by the shell and the page island. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Refused calls (bad input, no permission, not found) will not succeed on a retry.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});
