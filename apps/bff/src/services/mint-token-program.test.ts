import { TOKEN_2022_PROGRAM_ID } from '@fbt/presale-client';
import { Keypair, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { createMintTokenProgramReader } from './mint-token-program';

describe('the mint’s token program, read once', () => {
  it('reads the mint’s owner once and keeps it; a failed read is tried again', async () => {
    const mint = Keypair.generate().publicKey;
    const answers: (Error | { owner: PublicKey })[] = [
      new Error('chain down'),
      { owner: TOKEN_2022_PROGRAM_ID },
    ];
    let reads = 0;
    const connection = {
      getAccountInfo: () => {
        const answer = answers[reads++];
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer ?? null);
      },
    };
    const tokenProgramOf = createMintTokenProgramReader(connection as never, mint);
    await expect(tokenProgramOf()).rejects.toThrow('chain down');
    expect((await tokenProgramOf()).equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    expect((await tokenProgramOf()).equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    expect(reads).toBe(2);
  });

  it('refuses a mint owned by neither token program', async () => {
    const mint = Keypair.generate().publicKey;
    const connection = {
      getAccountInfo: () => Promise.resolve({ owner: Keypair.generate().publicKey }),
    };
    await expect(createMintTokenProgramReader(connection as never, mint)()).rejects.toThrow(
      'neither SPL Token nor Token-2022',
    );
  });
});
