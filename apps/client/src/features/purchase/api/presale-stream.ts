import type { PresaleVariant } from '@fbt/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { streamUrl } from '../../../config/api';
import { isRecord } from '../../../lib/api-client';
import { parsePresale, presaleQueryKey } from './get-presale-state';
import { parseSolPrice, solPriceQueryKey } from './get-sol-price';

const RECONNECT_BASE_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * Live presale progress and price: subscribes to `presale:<variant>` and `price` on the BFF's
 * websocket and writes each update into the queries, so a buy anywhere shows within a second or
 * two. The queries keep polling at the spec's cadences, which is the fallback while the socket
 * is down; the socket is retried with exponential backoff.
 */
export function usePresaleStream(variant: PresaleVariant): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let socket: WebSocket | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    const connect = () => {
      socket = new WebSocket(streamUrl(window.location));
      socket.onopen = () => {
        attempts = 0;
        socket?.send(
          JSON.stringify({ type: 'subscribe', topics: [`presale:${variant}`, 'price'] }),
        );
      };
      socket.onmessage = (event: MessageEvent<unknown>) => {
        if (typeof event.data !== 'string') return;
        try {
          const message: unknown = JSON.parse(event.data);
          if (!isRecord(message)) return;
          if (message.type === 'presale' && message.topic === `presale:${variant}`) {
            queryClient.setQueryData(presaleQueryKey(variant), parsePresale(message.data));
          } else if (message.type === 'price') {
            queryClient.setQueryData(solPriceQueryKey, parseSolPrice(message.data));
          }
        } catch (error) {
          console.warn('ignored a stream message', error);
        }
      };
      socket.onclose = () => {
        if (stopped) return;
        const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempts);
        attempts += 1;
        retryTimer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      socket?.close();
    };
  }, [queryClient, variant]);
}
