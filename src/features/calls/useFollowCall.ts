import { useEffect } from 'react';
import { api } from '@/store/api/base';
import { useAppDispatch } from '@/store/hooks';
import type { CallDetail } from '@contract/calls';
import { callsApi, useGetCallQuery } from '@/store/api/calls';
import { isEnded } from './callProgress';

// How often an open call modal asks how the call is going.
const CALL_POLL_MS = 1000;

/** The call as the server last reported it, asked again every second until it has ended. */
export function useFollowCall(created: CallDetail): CallDetail {
  const dispatch = useAppDispatch();
  const { data } = callsApi.endpoints.getCall.useQueryState(created.id);
  const call = data?.call ?? created;
  const ended = isEnded(call);
  useGetCallQuery(created.id, { pollingInterval: ended ? 0 : CALL_POLL_MS, skipPollingIfUnfocused: false });

  useEffect(() => {
    // The history and usage show how the call ended, and its minutes.
    if (ended) dispatch(api.util.invalidateTags([{ type: 'Call', id: 'LIST' }, 'Usage']));
  }, [ended, dispatch]);
  return call;
}
