import {
  communicationPreferencesResultSchema,
  deletionRequestSchema,
  type CommunicationPreferences,
  type CommunicationPreferencesResult,
  type DeleteAccountRequest,
  type DeletionRequestState,
} from '../contracts/account-requests';
import type { BridgeClient } from './bridge-client';

/** The customer's own account requests (docs/decisions/024-account-requests.md); each needs the connection. */

export async function fetchDeletionRequest(client: BridgeClient): Promise<DeletionRequestState> {
  const { result } = await client.request({ path: '/api/client/user/delete-account-request', result: deletionRequestSchema });
  return result;
}

export async function requestAccountDeletion(client: BridgeClient, body: DeleteAccountRequest): Promise<DeletionRequestState> {
  const { result } = await client.request({
    method: 'POST',
    path: '/api/client/user/delete-account-request',
    body,
    result: deletionRequestSchema,
  });
  return result;
}

export async function fetchCommunicationPreferences(client: BridgeClient): Promise<CommunicationPreferencesResult> {
  const { result } = await client.request({
    path: '/api/client/user/communication-preferences',
    result: communicationPreferencesResultSchema,
  });
  return result;
}

export async function saveCommunicationPreferences(
  client: BridgeClient,
  choice: CommunicationPreferences,
): Promise<CommunicationPreferencesResult> {
  const { result } = await client.request({
    method: 'PUT',
    path: '/api/client/user/communication-preferences',
    body: choice,
    result: communicationPreferencesResultSchema,
  });
  return result;
}
