//go:build ci

package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"huntchess/storage"
	"huntchess/translations"
)

// The window: its title, its icon and its remembered size.

// The window is created as "Hunt Chess" (on X11 its WM_CLASS, which the
// .desktop entry names), and retitled in the current language once shown.
func TestWindowTitle(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetString(storage.KeyLanguage, "zh-Hans")
	h := newHarness(t, fa)
	if got := h.a.Window().Title(); got != "Hunt Chess" || WindowClass != "Hunt Chess" {
		t.Fatalf("created with title %q, want Hunt Chess", got)
	}
	translations.SetLanguage(translations.English)
	translations.SetLanguage(translations.Chinese)
	if got := h.a.Window().Title(); got != WindowClass {
		t.Fatalf("retitled to %q before it was shown", got)
	}
	h.a.Show()
	if got := h.a.Window().Title(); got != "围猎棋" {
		t.Fatalf("shown in Chinese: title %q", got)
	}
	h.pickLanguage(translations.English)
	if got := h.a.Window().Title(); got != "Hunt Chess" {
		t.Fatalf("after switching to English: title %q", got)
	}
}

// The window gets the app icon when the packaging metadata gives none,
// and opens at the size it had when it was closed.
func TestWindowIconAndSizeRemembered(t *testing.T) {
	fa := test.NewTempApp(t)
	icon := fyne.NewStaticResource("Icon.png", []byte("png"))
	h := newHarness(t, fa, func(o *Options) { o.Icon = icon })
	if appIcon(fa, icon) != icon || appIcon(fa, nil) != nil {
		t.Fatal("without metadata the app gets the icon it is given")
	}
	if got := loadWindowSize(h.a.prefs); got != DefaultWindowSize {
		t.Fatalf("first start: %v, want %v", got, DefaultWindowSize)
	}
	h.a.Window().Resize(fyne.NewSize(900, 650))
	h.a.Window().Close() // closing the window closes the app
	// what the next start reads: the settings' file in the save folder
	kept := storage.OpenVault(saveDirFor(t, fa), fa.Preferences())
	if got := loadWindowSize(kept); got != fyne.NewSize(900, 650) {
		t.Fatalf("remembered %v, want 900x650", got)
	}
	h2 := newHarness(t, fa)
	if sized := loadWindowSize(h2.a.prefs); sized != fyne.NewSize(900, 650) {
		t.Fatalf("next start at %v", sized)
	}
	h2.a.prefs.SetFloat(storage.KeyWindowWidth, 5) // nonsense: the default
	if got := loadWindowSize(h2.a.prefs); got != DefaultWindowSize {
		t.Fatalf("a bad size gives %v", got)
	}
}
