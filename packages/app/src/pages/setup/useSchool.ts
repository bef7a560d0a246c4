import type { UpdateSchoolRequest } from '@sala/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../api/ServicesProvider.js';

export const schoolKey = ['school'] as const;

/** The school with its settings, as the server has it. */
export function useSchool() {
  const http = useHttp();
  return useQuery({
    queryKey: schoolKey,
    queryFn: async () => (await http.call('getSchool')).school,
  });
}

/** Saves part of the school; the answer replaces the cached school. */
export function useSaveSchool() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: UpdateSchoolRequest) =>
      (await http.call('patchSchool', { body: patch })).school,
    onSuccess: (school) => queryClient.setQueryData(schoolKey, school),
  });
}
