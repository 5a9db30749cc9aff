import type { ComponentType } from 'react';

/**
 * The federation contract: every module a remote exposes, by the id the host loads it with.
 * MF's type download needs the network, so the types are written here once and both sides
 * check against them (each remote's exposes map and the host's slots).
 */
export interface RemoteModuleMap {
  'remote_home/LoanCalculator': { default: ComponentType };
  'remote_home/HomeSlider': { default: ComponentType };
  'remote_home/QuestionAnswers': { default: ComponentType };
  'remote_account/AccountEntry': { default: ComponentType };
  'remote_account/RecoveryPage': { default: ComponentType };
  'remote_account/VerificationSteps': { default: ComponentType };
  'remote_loans/LoansOverview': { default: ComponentType };
  'remote_loans/LoanApplication': { default: ComponentType };
  'remote_loans/OverdueNotice': { default: ComponentType };
  'remote_loans/NextPayment': { default: ComponentType };
}

export type RemoteModuleId = keyof RemoteModuleMap;

export const REMOTE_NAMES = ['remote_home', 'remote_account', 'remote_loans'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export function remoteNameOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}
