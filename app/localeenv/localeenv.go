// Package localeenv quiets Fyne on a "C" locale. Import it (blank) from
// package main, before Fyne.
//
// Fyne looks the user's languages up while its lang package initialises,
// through github.com/jeandeaual/go-locale: a locale variable of "C" or
// "POSIX" means "no language" there, but "C.UTF-8" (Debian's default in
// containers) is split to the language "C", which Fyne logs on every start as
// "Fyne error: Error parsing user locale C". When the locale is C.<charset> or
// POSIX.<charset> and LANGUAGE is unset, this package sets LANGUAGE=en: go-locale
// then reads that, and the C library ignores LANGUAGE under a C locale, so
// nothing else changes. (The app's own "follow the system" language reads
// LC_ALL, LC_MESSAGES and LANG, not LANGUAGE.)
//
// Go initialises packages in import-path order among those whose imports are
// ready; this package needs only "os" and "strings", which Fyne's lang
// package needs too, so it runs first.
package localeenv

import (
	"os"
	"strings"
)

func init() { Fix(os.Getenv, os.Setenv) }

// Fix sets LANGUAGE=en when the effective POSIX locale (the first of LC_ALL,
// LC_MESSAGES, LANG that is set) is C or POSIX with a charset and LANGUAGE
// is unset. It reports whether it did.
func Fix(getenv func(string) string, setenv func(string, string) error) bool {
	loc := ""
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if loc = getenv(k); loc != "" {
			break
		}
	}
	lang, _, charset := strings.Cut(loc, ".")
	if !charset || (lang != "C" && lang != "POSIX") || getenv("LANGUAGE") != "" {
		return false
	}
	return setenv("LANGUAGE", "en") == nil
}
