package strategy

// Limits on what a strategy file may claim (as ai/tablebase/limits.go's
// for tables; its MaxHeaderBytes bounds a strategy's header too).
const (
	// MaxStrategyBytes is the most a format-1 strategy file, read whole
	// into memory, may be (the largest shipped is 47 KB; a set strategy,
	// format 2, is read block by block and has no such limit).
	MaxStrategyBytes = 64 << 20
	// MaxStrategyNodes is the most nodes a format-1 strategy may hold (it
	// is read whole: 4 Mi nodes take some 40 MB; Surround the Lion's has
	// 33 000, and the larger ones are set strategies, format 2).
	MaxStrategyNodes = 1 << 22
)

// maxInflate is the most bytes n bytes of DEFLATE data can unpack to: a
// stored length of 258 costs at least 2 bits, so no stream grows more than
// 1032 times, plus what its last block may hold.
func maxInflate(n int) int64 { return 1032*int64(n) + 1024 }
