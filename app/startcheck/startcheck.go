// Package startcheck says, before Fyne starts, why this computer cannot run
// the app, where Fyne itself would say nothing a player sees. On Windows
// (startcheck_windows.go) it refuses Windows before 10, which Go 1.26 does
// not support, and a graphics driver without OpenGL 2.1, where Fyne's GLFW
// driver fails to make its window, logs that to a console a GUI program
// does not have and leaves the program running with no window. Each is a
// message box in the player's language, then exit code 1. Elsewhere Check
// does nothing.
//
// What the decision rests on is here, for every platform's tests: reading
// OpenGL's version string and the texts of the message box.
package startcheck

import (
	"os"
	"strconv"
	"strings"

	"github.com/jeandeaual/go-locale"

	"huntchess/translations"
)

// NeedGL is the OpenGL version Fyne's desktop driver asks GLFW for
// (fyne internal/driver/glfw/glfw_core.go: ContextVersion 2.1).
var NeedGL = [2]int{2, 1}

// ParseGLVersion reads the major and minor version at the start of
// glGetString(GL_VERSION): "<major>.<minor>[.<release>] [vendor text]",
// e.g. "1.1.0", "2.1 Mesa 22.3.6", "4.6.0 NVIDIA 537.13". ok is false when
// the string does not start so.
func ParseGLVersion(s string) (major, minor int, ok bool) {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	if len(parts) < 2 {
		return 0, 0, false
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil || major < 0 || minor < 0 {
		return 0, 0, false
	}
	return major, minor, true
}

// GLEnough reports whether an OpenGL version string is NeedGL or later.
// An unreadable string is not enough.
func GLEnough(version string) bool {
	major, minor, ok := ParseGLVersion(version)
	if !ok {
		return false
	}
	return major > NeedGL[0] || major == NeedGL[0] && minor >= NeedGL[1]
}

// WindowsEnough reports whether a Windows version (RtlGetVersion's major
// and minor) is 10 or later.
func WindowsEnough(major, minor uint32) bool { return major >= 10 }

// WindowsName is what players call a Windows version before 10, from its
// major and minor version: 6.1 is Windows 7, 6.2 is 8, 6.3 is 8.1.
func WindowsName(major, minor uint32) string {
	switch {
	case major == 6 && minor == 1:
		return "7"
	case major == 6 && minor == 2:
		return "8"
	case major == 6 && minor == 3:
		return "8.1"
	case major == 6 && minor == 0:
		return "Vista"
	case major == 5:
		return "XP"
	}
	return strconv.FormatUint(uint64(major), 10) + "." + strconv.FormatUint(uint64(minor), 10)
}

// A Problem is why the app cannot start here.
type Problem int

const (
	// OldWindows: Windows before 10; Detail is its name ("8.1").
	OldWindows Problem = iota + 1
	// OldOpenGL: the driver's OpenGL is before 2.1; Detail is its version
	// string ("1.1.0").
	OldOpenGL
	// NoOpenGL: no OpenGL context could be made at all.
	NoOpenGL
)

// Message is the message box's title and text for a problem, in lang.
func Message(lang translations.Lang, p Problem, detail string) (title, text string) {
	l := translations.NewLocalizer(lang)
	title = l.T("startcheck.title")
	switch p {
	case OldWindows:
		text = l.TData("startcheck.old_windows", map[string]any{"Version": detail})
	case OldOpenGL:
		major, minor, ok := ParseGLVersion(detail)
		v := detail
		if ok {
			v = strconv.Itoa(major) + "." + strconv.Itoa(minor)
		}
		text = l.TData("startcheck.opengl_old", map[string]any{"Version": v}) + "\n\n" + l.T("startcheck.opengl_help")
	default:
		text = l.T("startcheck.opengl_none") + "\n\n" + l.T("startcheck.opengl_help")
	}
	return title, text
}

// Language is the language of the message box: the system's, as the app
// follows it until a language is chosen in its Settings (the saved choice
// is not read this early).
func Language() translations.Lang {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := os.Getenv(k); v != "" {
			return translations.SystemLanguage(v)
		}
	}
	if v, err := locale.GetLocale(); err == nil {
		return translations.SystemLanguage(v)
	}
	return translations.English
}
