//go:build amd64 && !purego

#include "textflag.h"

// Long runs of plain string bytes, tested 64 bytes a step in four SSE2
// registers. A byte is special when it is below 0x20 or from 0x80 on,
// which one signed comparison catches (0x20 > x as signed bytes: bytes
// from 0x80 are negative), or when it equals a quote or a backslash (two
// equality tests). The three masks of all four registers are ORed
// together and tested once.
//
// Each function has a 128-byte frame it never uses. It is there so that
// the assembler keeps the stack check at the entry (a leaf function with a
// smaller frame gets none), because that check is where a goroutine stops
// when the garbage collector asks it to: see wirePlainRun.

// PLAIN_CONSTS loads X12, X13, X14 with 0x20, '"' and '\\' in each of their
// sixteen bytes.
#define PLAIN_CONSTS \
	MOVQ       $0x2020202020202020, DX \
	MOVQ       DX, X12                 \
	PUNPCKLQDQ X12, X12                \
	MOVQ       $0x2222222222222222, DX \
	MOVQ       DX, X13                 \
	PUNPCKLQDQ X13, X13                \
	MOVQ       $0x5c5c5c5c5c5c5c5c, DX \
	MOVQ       DX, X14                 \
	PUNPCKLQDQ X14, X14

// PLAIN_FLAGS sets DX to a non-zero mask when one of the 64 bytes in X0..X3
// is special. It overwrites X0..X8.
#define PLAIN_FLAGS \
	MOVO     X12, X4  \
	PCMPGTB  X0, X4   \
	MOVO     X0, X5   \
	PCMPEQB  X13, X5  \
	POR      X5, X4   \
	PCMPEQB  X14, X0  \
	POR      X0, X4   \
	MOVO     X12, X6  \
	PCMPGTB  X1, X6   \
	MOVO     X1, X5   \
	PCMPEQB  X13, X5  \
	POR      X5, X6   \
	PCMPEQB  X14, X1  \
	POR      X1, X6   \
	POR      X6, X4   \
	MOVO     X12, X7  \
	PCMPGTB  X2, X7   \
	MOVO     X2, X5   \
	PCMPEQB  X13, X5  \
	POR      X5, X7   \
	PCMPEQB  X14, X2  \
	POR      X2, X7   \
	POR      X7, X4   \
	MOVO     X12, X8  \
	PCMPGTB  X3, X8   \
	MOVO     X3, X5   \
	PCMPEQB  X13, X5  \
	POR      X5, X8   \
	PCMPEQB  X14, X3  \
	POR      X3, X8   \
	POR      X8, X4   \
	PMOVMSKB X4, DX

// func wirePlainBlocks(p *byte, n int) int
TEXT ·wirePlainBlocks(SB), 0, $128-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	ANDQ $-64, CX // whole blocks only
	XORQ AX, AX   // offset of the block under test
	PLAIN_CONSTS
	JMP  scantest

scanblock:
	MOVOU 0(SI)(AX*1), X0
	MOVOU 16(SI)(AX*1), X1
	MOVOU 32(SI)(AX*1), X2
	MOVOU 48(SI)(AX*1), X3
	PLAIN_FLAGS
	TESTL DX, DX
	JNZ   scandone
	ADDQ  $64, AX

scantest:
	CMPQ AX, CX
	JB   scanblock

scandone:
	MOVQ AX, ret+16(FP)
	RET

// func wireCopyPlainBlocks(dst, src *byte, n int) int
//
// The same test, each block stored to dst before it is tested: a block
// with a special byte is written but not counted, so dst needs room for
// n bytes, and nothing past them is written.
TEXT ·wireCopyPlainBlocks(SB), 0, $128-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	ANDQ $-64, CX
	XORQ AX, AX
	PLAIN_CONSTS
	JMP  copytest

copyblock:
	MOVOU 0(SI)(AX*1), X0
	MOVOU 16(SI)(AX*1), X1
	MOVOU 32(SI)(AX*1), X2
	MOVOU 48(SI)(AX*1), X3
	MOVOU X0, 0(DI)(AX*1)
	MOVOU X1, 16(DI)(AX*1)
	MOVOU X2, 32(DI)(AX*1)
	MOVOU X3, 48(DI)(AX*1)
	PLAIN_FLAGS
	TESTL DX, DX
	JNZ   copydone
	ADDQ  $64, AX

copytest:
	CMPQ AX, CX
	JB   copyblock

copydone:
	MOVQ AX, ret+24(FP)
	RET
