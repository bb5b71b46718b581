package app

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/pack"
)

// stringPrefs holds string preferences (packURL reads one).
type stringPrefs map[string]string

func (p stringPrefs) StringWithFallback(key, fallback string) string {
	if v, ok := p[key]; ok {
		return v
	}
	return fallback
}

// The pack's address: the developer's, else the player's setting, else the
// default.
func TestPackURL(t *testing.T) {
	p := stringPrefs{}
	require.Equal(t, pack.DefaultURL, packURL(Config{}, p))
	require.Equal(t, pack.DefaultURL, packURL(Config{}, nil))
	p[keyPackURL] = " http://example.test/p/ "
	require.Equal(t, "http://example.test/p/", packURL(Config{}, p))
	require.Equal(t, "http://127.0.0.1:9/", packURL(Config{PackURL: "http://127.0.0.1:9/"}, p))
}

// The configuration is read from the environment once, in main.
func TestConfigFromEnv(t *testing.T) {
	for _, k := range []string{TablesEnv, ShippedEnv, PackURLEnv} {
		t.Setenv(k, "")
	}
	require.Equal(t, Config{}, ConfigFromEnv())
	dirs := filepath.Join("a", "tables") + string(filepath.ListSeparator) + "b"
	t.Setenv(TablesEnv, dirs)
	t.Setenv(ShippedEnv, "off")
	t.Setenv(PackURLEnv, "http://127.0.0.1:9/")
	require.Equal(t, Config{TableDirs: []string{filepath.Join("a", "tables"), "b"}, NoShipped: true,
		PackURL: "http://127.0.0.1:9/"}, ConfigFromEnv())
	t.Setenv(ShippedEnv, "on")
	require.False(t, ConfigFromEnv().NoShipped)
}
