package localeenv

import "testing"

// A C.UTF-8 locale gets LANGUAGE=en (so Fyne logs no "Error parsing user
// locale C"); every other locale is left alone.
func TestFix(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{"LANG": "C.UTF-8"}, true},
		{map[string]string{"LC_ALL": "POSIX.utf8", "LANG": "en_US.UTF-8"}, true},
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "zh_CN"}, false},
		{map[string]string{"LANG": "C"}, false},
		{map[string]string{}, false},
		{map[string]string{"LANG": "zh_CN.UTF-8"}, false},
		{map[string]string{"LC_ALL": "en_GB.UTF-8", "LANG": "C.UTF-8"}, false},
	} {
		env := map[string]string{}
		for k, v := range tc.env {
			env[k] = v
		}
		got := Fix(func(k string) string { return env[k] }, func(k, v string) error { env[k] = v; return nil })
		if got != tc.want || (got && env["LANGUAGE"] != "en") {
			t.Errorf("%v: fixed %v (LANGUAGE %q), want %v", tc.env, got, env["LANGUAGE"], tc.want)
		}
	}
}
