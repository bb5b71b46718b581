package pack

import (
	"fmt"
	"io"
)

// Limits on what the pack reads from sites and from its folder, which a
// crash or a damaged disk may have changed: a size or count there is a
// claim, refused when it is beyond what such a file holds before anything
// of that size is allocated (the table and strategy files' own limits are
// in ai/tablebase/limits.go).
const (
	// maxManifestBytes is the most a table pack's manifest may be, on the
	// site or in the pack folder.
	maxManifestBytes = 1 << 20
	// maxSidecarBytes is the most a pack download's note beside a partial
	// file may be (its ETag, the bytes verified).
	maxSidecarBytes = 4 << 10
	// MaxFileBytes is the most a table pack's file (or a part of it)
	// may claim in the manifest: the largest real one is 371 MB.
	MaxFileBytes = 64 << 30
	// MaxDownloadBytes is the most a file downloaded whole into memory
	// (the browser's tables and strategies: at most some 15 MB) may be.
	MaxDownloadBytes = 256 << 20
)

// ReadDownload reads a download's body whole: total is the size its server
// claims (-1: unknown), refused beyond limit before anything is allocated
// for it, and the body is refused as soon as it runs past limit; progress
// (if not nil) is told the bytes read so far and total.
func ReadDownload(body io.Reader, total, limit int64, progress func(done, total int64)) ([]byte, error) {
	if total > limit {
		return nil, fmt.Errorf("a download of %d bytes claimed, more than the %d MiB read whole", total, limit>>20)
	}
	data := make([]byte, 0, max(total, 0))
	buf := make([]byte, 256<<10)
	for {
		n, err := body.Read(buf)
		if int64(len(data))+int64(n) > limit {
			return nil, fmt.Errorf("a download of more than the %d MiB read whole", limit>>20)
		}
		data = append(data, buf[:n]...)
		if progress != nil {
			progress(int64(len(data)), total)
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
