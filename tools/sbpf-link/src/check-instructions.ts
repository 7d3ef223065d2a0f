import {
  CLASS_ALU32,
  CLASS_JMP32,
  INSN_SIZE,
  OP_CALL,
  OP_CALLX,
  OP_END_BE,
  OP_END_LE,
  OP_LDDW,
} from './elf-constants';
import { SbpfLinkError } from './errors';
import type { SbpfVersion } from './image';

/** Options of {@link checkInstructions}. */
export interface CheckOptions {
  readonly sbpf: SbpfVersion;
  /** `.text` byte offsets of calls already resolved to syscalls. */
  readonly syscallOffsets: ReadonlySet<number>;
}

// BPF cpu=v4 encodings that sBPF does not have: sign-extending loads, bswap, and the
// signed div/mod (off = 1) and movsx (off != 0) variants of existing opcodes.
const SIGN_EXTENDING_LOADS = new Set([0x81, 0x89, 0x91, 0x99]);
const OP_BSWAP = 0xd7;
const SIGNED_DIV_MOD = new Set([0x3f, 0x37, 0x9f, 0x97]);
const MOV64 = new Set([0xbf, 0xb7]);
// BPF_STX | BPF_ATOMIC (32 and 64 bit): there are no atomics in sBPF.
const ATOMICS = new Set([0xc3, 0xdb]);

/**
 * Rejects instructions the sBPF VM would run differently from what LLVM assumed, and fixes
 * `callx` encoding for the target version. Mutates `text` in place (callx only).
 */
export function checkInstructions(text: Uint8Array, options: CheckOptions): void {
  const view = new DataView(text.buffer, text.byteOffset, text.byteLength);
  const count = text.length / INSN_SIZE;
  for (let i = 0; i < count; i += 1) {
    const at = i * INSN_SIZE;
    const opcode = view.getUint8(at);
    const registers = view.getUint8(at + 1);
    const dst = registers & 0x0f;
    const offset = view.getInt16(at + 2, true);
    const imm = view.getInt32(at + 4, true);
    const where = `.text instruction #${i} (opcode 0x${opcode.toString(16).padStart(2, '0')})`;
    if (opcode === OP_LDDW) {
      i += 1; // the second slot of lddw is data
      continue;
    }
    const instructionClass = opcode & 0x07;
    if (instructionClass === CLASS_JMP32 && options.sbpf === 'v0') {
      throw new SbpfLinkError(
        'INSN__JMP32',
        `${where}: JMP32 instructions do not exist in sBPF v0; compile with -mcpu=v2`,
      );
    }
    if (instructionClass === CLASS_ALU32 && opcode !== OP_END_LE && opcode !== OP_END_BE) {
      throw new SbpfLinkError(
        'INSN__ALU32',
        `${where}: 32-bit ALU instruction; sBPF sign-extends 32-bit add/sub/mul results where LLVM's alu32 assumes zero-extension, so the program would silently compute wrong values; compile with -mcpu=v2 (no alu32)`,
      );
    }
    if (
      SIGN_EXTENDING_LOADS.has(opcode) ||
      opcode === OP_BSWAP ||
      (SIGNED_DIV_MOD.has(opcode) && offset === 1) ||
      (MOV64.has(opcode) && offset !== 0)
    ) {
      throw new SbpfLinkError(
        'INSN__CPU_V4',
        `${where}: BPF cpu=v4 instruction that sBPF does not support; compile with -mcpu=v2`,
      );
    }
    if (ATOMICS.has(opcode)) {
      throw new SbpfLinkError('INSN__ATOMIC', `${where}: atomic instruction; sBPF has no atomics`);
    }
    if (opcode === OP_CALLX && options.sbpf === 'v0') {
      // LLVM puts the target register in dst; sBPF v0 reads it from imm.
      const register = dst !== 0 ? dst : imm;
      view.setInt32(at + 4, register, true);
    }
    if (opcode === OP_CALL && imm === -1 && !options.syscallOffsets.has(at)) {
      throw new SbpfLinkError(
        'INSN__UNRESOLVED_CALL',
        `${where}: call -1 without a relocation (unresolved call)`,
      );
    }
  }
}
