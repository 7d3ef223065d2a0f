import type { StreamTopic } from '@fbt/domain';
import { useEffect, useRef, useState } from 'react';
import { streamUrl } from '../config/api';
import { isRecord } from './api-client';

/** Connection state of the BFF stream. */
export type StreamStatus = 'connecting' | 'open' | 'failed';

const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** What becomes of a stream message that does not parse (also a handler's async refusal). */
export function ignoreMalformed(error: unknown): void {
  console.warn('ignored a malformed stream message', error);
}

/**
 * Subscribes to `topics` on the BFF's websocket (`/api/v1/stream`) and hands every JSON object
 * message to `onMessage`. Reconnects with exponential backoff; while the socket is not open the
 * callers' queries keep polling at their own intervals, which is the fallback.
 */
export function useStream(
  topics: readonly StreamTopic[],
  onMessage: (message: Record<string, unknown>) => void,
): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  // The latest handler, so a re-render never reconnects the socket.
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  const topicKey = topics.join(',');

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
        console.warn('stream unavailable', error);
        setStatus('failed');
        return;
      }
      socket.addEventListener('open', () => {
        attempts = 0;
        setStatus('open');
        socket?.send(JSON.stringify({ type: 'subscribe', topics: topicKey.split(',') }));
      });
      socket.addEventListener('message', (event: MessageEvent<unknown>) => {
        if (typeof event.data !== 'string') return;
        try {
          const message: unknown = JSON.parse(event.data);
          if (isRecord(message)) handler.current(message);
        } catch (error) {
          ignoreMalformed(error);
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
  }, [topicKey]);

  return status;
}
