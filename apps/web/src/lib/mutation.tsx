import { useCallback, useEffect, useRef, useState } from 'react';

// Writes, apart from the queries of query.tsx (decision 0036's data layer): every page's shell loads
// those, while only pages with a write (a like, a vote, a form) load this (decision 0044).

export interface MutationOptions<TData, TVariables, TContext = unknown> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  onMutate?: (variables: TVariables) => TContext | Promise<TContext>;
  onSuccess?: (data: TData, variables: TVariables, context: TContext | undefined) => unknown;
  onError?: (error: Error, variables: TVariables, context: TContext | undefined) => unknown;
  onSettled?: (data: TData | undefined, error: Error | null, variables: TVariables, context: TContext | undefined) => unknown;
}

type MutateCallbacks<TData, TVariables> = {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
  onSettled?: (data: TData | undefined, error: Error | null, variables: TVariables) => void;
};

interface MutationState<TData, TVariables> {
  status: 'idle' | 'pending' | 'error' | 'success';
  data: TData | undefined;
  error: Error | null;
  variables: TVariables | undefined;
}

const idle = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

/**
 * A write: the hook's callbacks run first (their promises are awaited, so an invalidation finishes
 * before the mutation counts as done), then the call's own, only while the component is mounted.
 */
export function useMutation<TData, TVariables = void, TContext = unknown>(options: MutationOptions<TData, TVariables, TContext>) {
  const [state, setState] = useState<MutationState<TData, TVariables>>(idle);
  const latest = useRef(options);
  const mounted = useRef(false);
  const run = useRef(0);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);

  const mutateAsync = useCallback(async (variables: TVariables, callbacks: MutateCallbacks<TData, TVariables> = {}): Promise<TData> => {
    const id = ++run.current;
    const own = latest.current;
    const update = (next: MutationState<TData, TVariables>) => mounted.current && id === run.current && setState(next);
    update({ status: 'pending', data: undefined, error: null, variables });
    let context: TContext | undefined;
    try {
      context = await own.onMutate?.(variables);
      const data = await own.mutationFn(variables);
      await own.onSuccess?.(data, variables, context);
      await own.onSettled?.(data, null, variables, context);
      update({ status: 'success', data, error: null, variables });
      if (mounted.current) {
        callbacks.onSuccess?.(data, variables);
        callbacks.onSettled?.(data, null, variables);
      }
      return data;
    } catch (caught) {
      const error = caught as Error;
      await own.onError?.(error, variables, context);
      await own.onSettled?.(undefined, error, variables, context);
      update({ status: 'error', data: undefined, error, variables });
      if (mounted.current) {
        callbacks.onError?.(error, variables);
        callbacks.onSettled?.(undefined, error, variables);
      }
      throw error;
    }
  }, []);

  const mutate = useCallback(
    (variables: TVariables, callbacks?: MutateCallbacks<TData, TVariables>) => void mutateAsync(variables, callbacks).catch(() => undefined),
    [mutateAsync],
  );
  const reset = useCallback(() => {
    run.current++;
    setState(idle);
  }, []);
  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
    mutate,
    mutateAsync,
    reset,
  };
}
