package startcheck

import (
	"strings"
	"testing"

	"huntchess/translations"
)

func TestGLEnough(t *testing.T) {
	for _, c := range []struct {
		version string
		enough  bool
	}{
		{"1.1.0", false}, // Windows' software OpenGL (Basic Display Adapter)
		{"1.4 (Compatibility Profile) Mesa 22.3.6", false},
		{"2.0.0 - Build 8.15.10.2900", false},
		{"2.1 Mesa 22.3.6", true},
		{"2.1.0", true},
		{"3.3.0 NVIDIA 537.13", true},
		{"4.6.0 Compatibility Profile Context 23.20", true},
		{"10.0", true},
		{"", false},
		{"OpenGL ES 3.2", false},
		{"2", false},
		{"x.y", false},
	} {
		if got := GLEnough(c.version); got != c.enough {
			t.Errorf("GLEnough(%q) = %v, want %v", c.version, got, c.enough)
		}
	}
}

func TestWindowsVersions(t *testing.T) {
	if WindowsEnough(6, 3) || WindowsEnough(6, 1) || !WindowsEnough(10, 0) {
		t.Error("Windows 10 (10.0; Windows 11 too) is the first that is enough")
	}
	for _, c := range []struct {
		major, minor uint32
		name         string
	}{{6, 1, "7"}, {6, 2, "8"}, {6, 3, "8.1"}, {6, 0, "Vista"}, {5, 1, "XP"}, {4, 0, "4.0"}} {
		if got := WindowsName(c.major, c.minor); got != c.name {
			t.Errorf("WindowsName(%d, %d) = %q, want %q", c.major, c.minor, got, c.name)
		}
	}
}

// The message box says what is missing, what was found and what to do, in
// each language, with no template left unfilled.
func TestMessage(t *testing.T) {
	for _, lang := range []translations.Lang{translations.English, translations.Chinese, translations.TraditionalChinese} {
		title, text := Message(lang, OldOpenGL, "1.4 (Compatibility Profile) Mesa 22.3.6")
		if title == "" || !strings.Contains(text, "OpenGL 2.1") || !strings.Contains(text, "OpenGL 1.4") ||
			strings.Contains(text, "Mesa") || !strings.Contains(text, "3D") {
			t.Errorf("%s: old OpenGL: %q / %q", lang, title, text)
		}
		_, none := Message(lang, NoOpenGL, "")
		if !strings.Contains(none, "OpenGL 2.1") || none == text {
			t.Errorf("%s: no OpenGL: %q", lang, none)
		}
		_, win := Message(lang, OldWindows, "8.1")
		if !strings.Contains(win, "Windows 10") || !strings.Contains(win, "8.1") {
			t.Errorf("%s: old Windows: %q", lang, win)
		}
		for _, s := range []string{title, text, none, win} {
			if strings.Contains(s, "{{") || strings.Contains(s, "startcheck.") {
				t.Errorf("%s: unfilled or missing message: %q", lang, s)
			}
		}
	}
	_, en := Message(translations.English, NoOpenGL, "")
	_, zh := Message(translations.Chinese, NoOpenGL, "")
	if !strings.Contains(en, "graphics driver") || !strings.Contains(zh, "显卡驱动") {
		t.Errorf("not in the player's language: %q / %q", en, zh)
	}
}

func TestLanguage(t *testing.T) {
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "zh_CN.UTF-8")
	if got := Language(); got != translations.Chinese {
		t.Errorf("LANG=zh_CN.UTF-8: %s", got)
	}
	t.Setenv("LC_ALL", "zh_TW.UTF-8")
	if got := Language(); got != translations.TraditionalChinese {
		t.Errorf("LC_ALL=zh_TW.UTF-8: %s", got)
	}
	t.Setenv("LC_ALL", "en_GB.UTF-8")
	if got := Language(); got != translations.English {
		t.Errorf("LC_ALL=en_GB.UTF-8: %s", got)
	}
}
