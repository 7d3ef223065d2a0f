import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { streamUrl } from '../../../config/api';
import { isRecord } from '../../../lib/api-client';
import { goalsQueryKey, parseGoals } from './get-goals';

/** Connection state of the live goals stream. */
export type StreamStatus = 'connecting' | 'open' | 'failed';

const RECONNECT_BASE_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

/**
 * Subscribes to `goals` on the BFF's websocket (`/api/v1/stream`) and writes every update into
 * the goals query. While the socket is not open the caller polls instead; the socket is retried
 * with exponential backoff.
 */
export function useGoalsStream(): StreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');

  useEffect(() => {
    let socket: WebSocket | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    const connect = () => {
      setStatus('connecting');
      try {
        socket = new WebSocket(streamUrl(window.location));
      } catch (error) {
        console.warn('goals stream unavailable', error);
        setStatus('failed');
        return;
      }
      socket.addEventListener('open', () => {
        attempts = 0;
        setStatus('open');
        socket?.send(JSON.stringify({ type: 'subscribe', topics: ['goals'] }));
      });
      socket.addEventListener('message', (event: MessageEvent<unknown>) => {
        if (typeof event.data !== 'string') return;
        try {
          const message = JSON.parse(event.data) as unknown;
          if (isRecord(message) && message.type === 'goals') {
            queryClient.setQueryData(goalsQueryKey, parseGoals(message.data));
          }
        } catch (error) {
          console.warn('ignored a malformed goals message', error);
        }
      });
      socket.addEventListener('close', () => {
        if (stopped) return;
        setStatus('failed');
        const delay = Math.min(RECONNECT_BASE_MS * 2 ** attempts, RECONNECT_MAX_MS);
        attempts += 1;
        retryTimer = setTimeout(connect, delay);
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      socket?.close();
    };
  }, [queryClient]);

  return status;
}
