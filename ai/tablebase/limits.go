package tablebase

// Limits on what a file may claim. A table or strategy file comes from
// outside (the table pack from a web host, the browser site's tables, a
// developer's folder): a count or size in it is a claim, checked against
// the file's length and against these limits before anything of that size
// is allocated, so a damaged or hostile file is refused with an error that
// says why rather than taking the app's memory.
const (
	// MaxHeaderBytes is the most a table or strategy file's header may
	// claim: the largest real one (Beat the Wolf's full table with its
	// 17-dog bound tier, some 240 000 blocks) is about 10 MB; a strategy's
	// is under 1 KB.
	MaxHeaderBytes = 64 << 20
	// blockSlack is what a compressed block may take beyond twice its
	// unpacked bytes: DEFLATE and zstd add a few bytes per 16 or 128 KiB
	// stored as it is, and the frames' headers.
	blockSlack = 4096
)

// maxBlockBytes is the most compressed bytes a block of a section of
// blockSize entries may claim: more than any compressor writes for the
// block's 2 bytes an entry.
func maxBlockBytes(blockSize int) int64 { return 2*2*int64(blockSize) + blockSlack }
