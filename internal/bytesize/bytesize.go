// Package bytesize reads the byte counts the pack tools take on their
// command lines.
package bytesize

import (
	"fmt"
	"strconv"
	"strings"
)

// Parse reads "500KB", "2MB" (10^3 and 10^6 bytes, any case) or a plain
// number of bytes; a negative count is refused.
func Parse(s string) (int64, error) {
	num, mult := s, 1.0
	switch u := strings.ToUpper(s); {
	case strings.HasSuffix(u, "MB"):
		num, mult = s[:len(s)-2], 1e6
	case strings.HasSuffix(u, "KB"):
		num, mult = s[:len(s)-2], 1e3
	}
	n, err := strconv.ParseFloat(num, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("bad byte count %q", s)
	}
	return int64(n * mult), nil
}
