package app

import (
	"os"
	"testing"
)

func TestMigrationsFromFyneAppToml(t *testing.T) {
	toml, err := os.ReadFile("../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	m := ParseMigrations(string(toml))
	if !m["fyneDo"] || len(m) != 1 {
		t.Fatalf("FyneApp.toml's migrations: %v, want fyneDo = true alone", m)
	}
	// Only the [Migrations] table counts; comments and other tables' keys do not.
	m = ParseMigrations("[Details]\nfyneDo = true\n[Migrations]\n# fyneDo = true\nother = false\n")
	if m["fyneDo"] || len(m) != 1 || m["other"] {
		t.Fatalf("migrations %v", m)
	}
}
