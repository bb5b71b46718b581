package app

import (
	"os"
	"path/filepath"
	"strings"

	"huntchess/pack"
)

// Config is the developer's configuration of the endgame tables and the
// table pack, read from the environment once at start (ConfigFromEnv, in
// main; in the browser the page's query sets the environment) and passed
// in through Options. The zero value is the app as a player has it. The
// packages below the app read no environment.
type Config struct {
	// TableDirs are folders of developer tables (HUNTCHESS_TABLES,
	// separated like PATH: build/tables after make tables), searched
	// before any other source.
	TableDirs []string
	// NoShipped turns the tables shipped inside the app off
	// (HUNTCHESS_SHIPPED=off): a table is solved on first use as on a
	// device without them (the crash test's and make memory's solving
	// stages).
	NoShipped bool
	// PackURL is the table pack's address (HUNTCHESS_PACK_URL: tests, a
	// developer's server, cmd/packserve). It wins over the player's
	// setting, which the settings then show read-only.
	PackURL string
}

// The environment variables ConfigFromEnv reads.
const (
	TablesEnv  = "HUNTCHESS_TABLES"
	ShippedEnv = "HUNTCHESS_SHIPPED"
	PackURLEnv = "HUNTCHESS_PACK_URL"
)

// ConfigFromEnv reads the configuration from the environment.
func ConfigFromEnv() Config {
	var c Config
	if v := os.Getenv(TablesEnv); v != "" {
		c.TableDirs = filepath.SplitList(v)
	}
	c.NoShipped = os.Getenv(ShippedEnv) == "off"
	c.PackURL = os.Getenv(PackURLEnv)
	return c
}

// keyPackURL is the preference holding the player's pack address ("" for
// the default).
const keyPackURL = "settings.pack_url"

// packURL is the pack's base address: the developer's (Config.PackURL),
// else the player's setting, else pack.DefaultURL.
func packURL(c Config, p interface {
	StringWithFallback(key, fallback string) string
}) string {
	if v := strings.TrimSpace(c.PackURL); v != "" {
		return v
	}
	if p != nil {
		if v := strings.TrimSpace(p.StringWithFallback(keyPackURL, "")); v != "" {
			return v
		}
	}
	return pack.DefaultURL
}
