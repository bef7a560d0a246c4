import type {
  TelegramChatKind,
  TelegramChatsQuery,
  TelegramChatStatus,
  TelegramLinkRequest,
  TelegramNotices,
  TelegramSendStatus,
} from '@sala/contract';
import type { BadgeProps } from '@sala/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http.js';
import { useHttp } from '../../api/ServicesProvider.js';
import { failureText } from '../../records/errors.js';

type Tone = NonNullable<BadgeProps['tone']>;

/** Every Telegram query starts with this key: one invalidation refreshes them all. */
export const telegramKey = ['telegram'] as const;
const setupKey = [...telegramKey, 'setup'] as const;

/** How often the setup page reads the outbox again while it is open. */
export const SENDS_REFRESH_MS = 10_000;

export const chatStatusTone: Record<TelegramChatStatus, Tone> = {
  active: 'success',
  blocked: 'warning',
  gone: 'danger',
};

export const sendStatusTone: Record<TelegramSendStatus, Tone> = {
  pending: 'neutral',
  sending: 'info',
  sent: 'success',
  failed: 'danger',
};

/** Chats that are groups: linked with `/link CODE` sent in the group, not with a deep link. */
export const groupKinds: readonly TelegramChatKind[] = ['class', 'office'];

/** Whether a failure is the server saying this user may not do it (the section then hides). */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** The setup page's data; the outbox part changes by itself, so it is read every 10 s. */
export function useTelegramSetup() {
  const http = useHttp();
  return useQuery({
    queryKey: setupKey,
    queryFn: () => http.call('getTelegramSetup'),
    refetchInterval: SENDS_REFRESH_MS,
  });
}

/** A mutation that reads every Telegram query again once it is done, whatever the outcome. */
function useTelegramMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: telegramKey }),
  });
}

/** Saves the token once the server has checked it with Telegram; resolves with the bot. */
export function useSaveToken() {
  const http = useHttp();
  return useTelegramMutation(async (token: string) => {
    const setup = await http.call('putTelegramBot', { body: { token } });
    return setup.bot;
  });
}

export function useRemoveBot() {
  const http = useHttp();
  return useTelegramMutation(() => http.call('deleteTelegramBot'));
}

export function useSaveNotices() {
  const http = useHttp();
  return useTelegramMutation((notices: TelegramNotices) =>
    http.call('putTelegramNotices', { body: notices }),
  );
}

export function useSendTest() {
  const http = useHttp();
  return useTelegramMutation((chatId: string) =>
    http.call('postTelegramTest', { body: { chatId } }),
  );
}

export function useRetrySend() {
  const http = useHttp();
  return useTelegramMutation((id: string) =>
    http.call('postTelegramSendRetry', { params: { id } }),
  );
}

export function useChatLanguage() {
  const http = useHttp();
  return useTelegramMutation(({ id, language }: { id: string; language: 'en' | 'km' }) =>
    http.call('patchTelegramChat', { params: { id }, body: { language } }),
  );
}

export function useUnlinkChat() {
  const http = useHttp();
  return useTelegramMutation((id: string) => http.call('deleteTelegramChat', { params: { id } }));
}

/** A one-time link code; kept by the caller until it links or expires. */
export function useCreateLink() {
  const http = useHttp();
  return useMutation({
    mutationFn: (request: TelegramLinkRequest) => http.call('postTelegramLinks', { body: request }),
  });
}

/** The linked chats of a class, of a student's guardians, or the signed-in user's own. */
export function useLinkedChats(query: TelegramChatsQuery) {
  const http = useHttp();
  return useQuery({
    queryKey: [...telegramKey, 'chats', query],
    queryFn: () => http.call('getTelegramChats', { query }),
    // A card of another page: a refusal hides it, another failure is said in it.
    meta: { errorInPlace: true },
  });
}

/**
 * The message of a failure on the Telegram pages. Two failures look alike to a user and are not:
 * this device reaching nobody (`NETWORK`: no answer came back, nothing was sent) and the school's
 * server answering that it cannot reach Telegram (`TELEGRAM_UNREACHABLE`, the contract's words).
 * The first says so in the page's own words, about the device; the second is the server's.
 */
export function telegramFailureText(error: unknown, lang: string, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'NETWORK') return t('telegram:deviceOffline');
  return failureText(error, lang, t);
}
