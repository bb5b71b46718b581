// Package translations holds every user-visible text of Hunt Chess in English,
// Simplified Chinese and Traditional Chinese, and the current-language state
// of the app.
//
// The texts live in go-i18n v2 TOML message files under locales/ (embedded):
// ui.*.toml for app labels and games.*.toml for the rules texts of the four
// games. Every message ID is also listed in Go (UIMessageIDs, GameMessageIDs)
// so that tests can check both languages are complete.
//
// The package-level functions (T, TData, TPlural, Current, SetLanguage,
// Subscribe) use one shared, thread-safe Localizer. The package does not
// import Fyne; the bundled CJK fonts are in the subpackage
// huntchess/translations/fonts.
package translations

import (
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Lang is a supported UI language, written as its BCP 47 tag.
type Lang string

// The supported languages. Chinese is Simplified Chinese (the texts written
// first); TraditionalChinese is converted from it for Taiwan, Hong Kong and
// Macau (cmd/hantconv, docs/zh-hant-glossary.md).
const (
	English            Lang = "en"
	Chinese            Lang = "zh-Hans"
	TraditionalChinese Lang = "zh-Hant"
)

// Languages lists the supported languages in display order.
var Languages = []Lang{English, Chinese, TraditionalChinese}

// SystemPreference is the saved-preference value meaning "follow the system
// locale" (see Initial).
const SystemPreference = "system"

// Valid reports whether l is one of the supported languages.
func (l Lang) Valid() bool { return l == English || l == Chinese || l == TraditionalChinese }

// IsChinese reports whether l is written in Chinese characters, Simplified
// or Traditional: lines break between characters and sentences follow on
// without a space.
func (l Lang) IsChinese() bool { return l == Chinese || l == TraditionalChinese }

// Name is the language's name as its own readers write it, the same in
// every language (the language control shows them side by side):
// "English", "简体", "繁體".
func (l Lang) Name() string {
	switch l {
	case Chinese:
		return "简体"
	case TraditionalChinese:
		return "繁體"
	}
	return "English"
}

// Other returns the language whose game titles a home card shows under the
// current ones: Chinese (Simplified) for English, English for either
// Chinese.
func (l Lang) Other() Lang {
	if l.IsChinese() {
		return English
	}
	return Chinese
}

// Tag returns the language.Tag of l (English for an invalid value).
func (l Lang) Tag() language.Tag {
	switch l {
	case Chinese:
		return language.SimplifiedChinese
	case TraditionalChinese:
		return language.TraditionalChinese
	}
	return language.English
}

//go:embed locales/*.toml
var localeFS embed.FS

// MessageFiles returns the names of the embedded message files
// (e.g. "locales/ui.en.toml"), sorted.
func MessageFiles() []string {
	entries, err := localeFS.ReadDir("locales")
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		out = append(out, "locales/"+e.Name())
	}
	sort.Strings(out)
	return out
}

// ReadMessageFile returns the raw bytes of an embedded message file named as
// in MessageFiles.
func ReadMessageFile(name string) ([]byte, error) { return localeFS.ReadFile(name) }

var (
	bundleOnce sync.Once
	bundle     *i18n.Bundle
	bundleErr  error
)

// sharedBundle parses the embedded message files once.
func sharedBundle() (*i18n.Bundle, error) {
	bundleOnce.Do(func() {
		b := i18n.NewBundle(language.English)
		b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
		for _, name := range MessageFiles() {
			if _, err := b.LoadMessageFileFS(localeFS, name); err != nil {
				bundleErr = fmt.Errorf("translations: %s: %w", name, err)
				return
			}
		}
		bundle = b
	})
	return bundle, bundleErr
}

// Localizer looks up texts in its current language. It is safe for
// concurrent use. The zero value is not usable: use NewLocalizer.
type Localizer struct {
	mu      sync.RWMutex
	lang    Lang
	locs    map[Lang]*i18n.Localizer
	subs    map[int]func(Lang)
	nextSub int
}

// NewLocalizer returns a Localizer set to lang (English if lang is invalid).
// It panics only if the embedded message files are malformed, which the
// package tests rule out.
func NewLocalizer(lang Lang) *Localizer {
	b, err := sharedBundle()
	if err != nil {
		panic(err)
	}
	if !lang.Valid() {
		lang = English
	}
	l := &Localizer{lang: lang, locs: map[Lang]*i18n.Localizer{}, subs: map[int]func(Lang){}}
	for _, lg := range Languages {
		l.locs[lg] = i18n.NewLocalizer(b, string(lg))
	}
	return l
}

// Current returns the current language.
func (l *Localizer) Current() Lang {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.lang
}

// SetLanguage switches to lang (invalid values are ignored). If the language
// changed, every subscriber is called with the new language, after the switch
// and outside the lock, so subscribers may call T or even SetLanguage.
func (l *Localizer) SetLanguage(lang Lang) {
	if !lang.Valid() {
		return
	}
	l.mu.Lock()
	if l.lang == lang {
		l.mu.Unlock()
		return
	}
	l.lang = lang
	keys := make([]int, 0, len(l.subs))
	for k := range l.subs {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	subs := make([]func(Lang), 0, len(keys))
	for _, k := range keys {
		subs = append(subs, l.subs[k])
	}
	l.mu.Unlock()
	for _, f := range subs {
		f(lang)
	}
}

// Subscribe registers f to be called after every language switch, in
// subscription order. The returned function removes the subscription; calling
// it more than once is harmless.
func (l *Localizer) Subscribe(f func(Lang)) (unsubscribe func()) {
	l.mu.Lock()
	id := l.nextSub
	l.nextSub++
	l.subs[id] = f
	l.mu.Unlock()
	return func() {
		l.mu.Lock()
		delete(l.subs, id)
		l.mu.Unlock()
	}
}

// T returns the text of message id in the current language, or id itself if
// there is no such message.
func (l *Localizer) T(id string) string { return l.localize(l.Current(), id, nil, nil) }

// TData returns the text of message id with its {{.X}} placeholders filled
// from data, or id itself if there is no such message.
func (l *Localizer) TData(id string, data map[string]any) string {
	return l.localize(l.Current(), id, data, nil)
}

// TPlural returns the plural form of message id for count, with data for the
// placeholders. data["Count"] defaults to count.
func (l *Localizer) TPlural(id string, count int, data map[string]any) string {
	d := make(map[string]any, len(data)+1)
	for k, v := range data {
		d[k] = v
	}
	if _, ok := d["Count"]; !ok {
		d["Count"] = count
	}
	return l.localize(l.Current(), id, d, count)
}

// TIn is T in a given language rather than the current one.
func (l *Localizer) TIn(lang Lang, id string) string { return l.localize(lang, id, nil, nil) }

// Has reports whether message id exists in lang.
func (l *Localizer) Has(lang Lang, id string) bool {
	loc := l.locs[lang]
	if loc == nil {
		return false
	}
	_, tag, err := loc.LocalizeWithTag(&i18n.LocalizeConfig{MessageID: id})
	return err == nil && tag == lang.Tag()
}

func (l *Localizer) localize(lang Lang, id string, data map[string]any, count any) string {
	loc := l.locs[lang]
	if loc == nil {
		loc = l.locs[English]
	}
	cfg := &i18n.LocalizeConfig{MessageID: id}
	if data != nil {
		cfg.TemplateData = data
	}
	if count != nil {
		cfg.PluralCount = count
	}
	s, err := loc.Localize(cfg)
	if err != nil || s == "" {
		return id
	}
	return s
}

var defaultLocalizer = NewLocalizer(English)

// Default returns the package-wide Localizer used by the functions below.
func Default() *Localizer { return defaultLocalizer }

// T returns the text of message id in the current language (or id if missing).
func T(id string) string { return defaultLocalizer.T(id) }

// TData returns message id with its placeholders filled from data.
func TData(id string, data map[string]any) string { return defaultLocalizer.TData(id, data) }

// TPlural returns the plural form of message id for count; data["Count"]
// defaults to count.
func TPlural(id string, count int, data map[string]any) string {
	return defaultLocalizer.TPlural(id, count, data)
}

// Current returns the current language.
func Current() Lang { return defaultLocalizer.Current() }

// SetLanguage switches the current language and notifies subscribers.
func SetLanguage(lang Lang) { defaultLocalizer.SetLanguage(lang) }

// Subscribe registers f to be called after each language switch.
func Subscribe(f func(Lang)) (unsubscribe func()) { return defaultLocalizer.Subscribe(f) }

// chineseBases are the base languages of Chinese locales: Chinese (zh, which
// cmn canonicalizes to) and the other Chinese languages with their own codes.
var chineseBases = map[string]bool{
	"zh": true, "cmn": true, "yue": true, "wuu": true, "nan": true, "hak": true, "gan": true,
	"hsn": true, "cjy": true, "cdo": true, "lzh": true,
}

// traditionalRegions write Chinese in Traditional characters: Taiwan, Hong
// Kong and Macau. Elsewhere (China, Singapore, Malaysia, …) Chinese is
// written in Simplified characters.
var traditionalRegions = map[string]bool{"TW": true, "HK": true, "MO": true}

var matcher = language.NewMatcher([]language.Tag{language.English, language.SimplifiedChinese})

// SystemLanguage maps a system locale such as "zh_CN.UTF-8", "zh-Hant-HK",
// "fr-FR" or "" to a supported language. A Chinese locale gives Chinese
// in the script its readers use: a script it names (zh-Hant-*, zh-Hans-*,
// yue-Hans-CN), else Traditional for Taiwan, Hong Kong and Macau and for
// Cantonese (yue-*, written in Traditional characters), else Simplified
// (China, Singapore, Malaysia, and zh alone). Everything else gives
// English.
func SystemLanguage(locale string) Lang {
	s := strings.TrimSpace(locale)
	if i := strings.IndexAny(s, ".@"); i >= 0 { // POSIX "zh_CN.UTF-8@euro"
		s = s[:i]
	}
	s = strings.ReplaceAll(s, "_", "-")
	if s == "" || s == "C" || s == "POSIX" {
		return English
	}
	tag, err := language.Parse(s)
	if err != nil {
		return English
	}
	if base, _ := tag.Base(); chineseBases[base.String()] {
		if script, conf := tag.Script(); conf == language.Exact {
			switch script.String() {
			case "Hant":
				return TraditionalChinese
			case "Hans":
				return Chinese
			}
		}
		if region, conf := tag.Region(); conf == language.Exact && traditionalRegions[region.String()] {
			return TraditionalChinese
		}
		if base.String() == "yue" {
			return TraditionalChinese
		}
		return Chinese
	}
	_, idx, conf := matcher.Match(tag)
	if conf != language.No && idx == 1 {
		return Chinese
	}
	return English
}

// Initial chooses the language at start-up: a saved preference of "en",
// "zh-Hans" or "zh-Hant" wins; "system" (SystemPreference), "" or anything else follows
// the system locale.
func Initial(saved string, systemLocale string) Lang {
	if l := Lang(saved); l.Valid() {
		return l
	}
	return SystemLanguage(systemLocale)
}
