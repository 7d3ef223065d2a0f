/* cpi-forwarder.c - a hostile program for the red-team suites: it invokes the program named by
 * its last account with its other accounts and its data after two bytes [mode, index], and can
 * claim privileges it was never given: mode 1 marks account `index` a signer, mode 2 writable
 * (mode 0 forwards the flags it received). The runtime must refuse the escalation before the
 * invoked program runs, so that program's signer and writable checks see only real ones. */
#pragma clang diagnostic ignored "-Wunused-function"
#include "fbt_sol.h"

#define FORWARDER_MAX_ACCOUNTS 16

FBT_EXPORT uint64_t entrypoint(const uint8_t *serialized) {
  SolAccountInfo accounts[FORWARDER_MAX_ACCOUNTS];
  FbtInput in = {.accounts = accounts, .capacity = FORWARDER_MAX_ACCOUNTS};
  if (!fbt_deserialize(serialized, &in) || in.account_count < 1 || in.data_len < 2) {
    return FBT_ERROR_INVALID_ARGUMENT;
  }
  uint64_t count = in.account_count - 1;
  SolAccountMeta metas[FORWARDER_MAX_ACCOUNTS];
  for (uint64_t i = 0; i < count; i++) {
    metas[i].pubkey = accounts[i].key;
    metas[i].is_writable = accounts[i].is_writable;
    metas[i].is_signer = accounts[i].is_signer;
  }
  uint8_t mode = in.data[0], index = in.data[1];
  if (index < count && mode == 1) metas[index].is_signer = true;
  if (index < count && mode == 2) metas[index].is_writable = true;
  SolInstruction ix = {accounts[count].key, metas, count, (uint8_t *)in.data + 2, in.data_len - 2};
  return sol_invoke_signed_c(&ix, accounts, in.account_count, NULL, 0);
}
