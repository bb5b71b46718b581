//go:build !mobile && !android && !ios

package ai

// maxTTBits bounds the transposition table: 1<<20 entries of 16 bytes,
// 16 MiB, the size a search with no node budget (or one of a million nodes
// or more: Hard, Master, the hints) uses.
const maxTTBits = 20
