//go:build ci

package app

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"huntchess/translations"
	"huntchess/translations/fonts"
)

// The About screen and the version it shows.

// TestAboutScreen is a layout test (which texts show, in each language):
// the licences' long texts shaped took minutes under -race.
func TestAboutScreen(t *testing.T) {
	layoutOnly(t)
	h := newHarness(t, test.NewTempApp(t)) // one app: About is built anew in each language
	for _, lang := range translations.Languages {
		t.Run(string(lang), func(t *testing.T) {
			h.t = t
			translations.SetLanguage(lang)
			test.Tap(h.home().aboutBtn)
			s, ok := h.a.top().(*aboutScreen)
			if !ok {
				t.Fatalf("About opens %T", h.a.top())
			}
			shown := texts(h.a.Window())
			for _, id := range []string{"about.version_dev", "about.how_tap", "about.keys_text", "about.keys_board", "about.font_licence", "about.toolkit_licence"} {
				if !strings.Contains(shown, translations.T(id)) {
					t.Fatalf("About lacks %q", translations.T(id))
				}
			}
			s.showFontLicence()
			if !strings.Contains(texts(h.a.Window()), "SIL Open Font License") || !strings.Contains(fonts.License, "SIL OPEN FONT LICENSE Version 1.1") {
				t.Fatal("the font licence shows in full")
			}
			h.a.back()
			h.home()
		})
	}
}

func TestVersionFromMetadata(t *testing.T) {
	translations.SetLanguage(translations.English)
	if got := versionText(fyne.AppMetadata{}, "", 0); got != translations.T("about.version_dev") {
		t.Fatalf("no metadata: %q", got)
	}
	toml, err := os.ReadFile("../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	v, b := ParseAppVersion(string(toml))
	if v == "" || b < 1 || !strings.Contains(string(toml), "Version = \""+v+"\"") {
		t.Fatalf("FyneApp.toml: version %q build %d", v, b)
	}
	want := translations.TData("about.version", map[string]any{"Version": v, "Build": b})
	// Fyne's placeholder (no metadata found) gives way to FyneApp.toml's
	for _, m := range []fyne.AppMetadata{{}, {Version: "0.0.1", Build: 1}, {Version: v, Build: b}} {
		if got := versionText(m, v, b); got != want {
			t.Fatalf("metadata %+v: %q, want %q", m, got, want)
		}
	}
	if got := versionText(fyne.AppMetadata{Version: "2.0.0", Build: 7}, v, b); !strings.Contains(got, "2.0.0") {
		t.Fatalf("packaged metadata comes first: %q", got)
	}
}
