package bytesize

import "testing"

func TestParse(t *testing.T) {
	for s, want := range map[string]int64{"0": 0, "1234": 1234, "500KB": 500_000, "2MB": 2_000_000, "1.5mb": 1_500_000, "300MB": 300_000_000} {
		if got, err := Parse(s); err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "MB", "-1", "2GB", "x"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q): no error", s)
		}
	}
}
