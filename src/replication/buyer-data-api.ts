import { companyInfoSchema, type CompanyInfo } from '../contracts/auth';
import type { BridgeClient } from './bridge-client';

/** The company as the registry knows it today, by the tax number the buyer registered with. */
export async function companyFromRegistry(client: BridgeClient, buyerId: string): Promise<CompanyInfo> {
  const { result } = await client.request({
    path: `/api/bridge/buyer/billing/registry?buyer_id=${encodeURIComponent(buyerId)}`,
    result: companyInfoSchema,
  });
  return result;
}
