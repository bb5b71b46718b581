// Package hant turns the app's Simplified Chinese texts into Traditional
// Chinese as read in Taiwan, and finds what a Traditional text must not
// hold. It is a developer's package: cmd/hantconv writes the zh-Hant
// message files and store listings with it, and tests check them with it;
// the app itself ships only the converted files and never imports it.
//
// The conversion is OpenCC's (github.com/longbridgeapp/opencc, a Go port
// that embeds OpenCC's own dictionaries) in its Taiwan-phrases mode,
// s2twp: Simplified to Traditional characters by phrase, then Taiwan's
// vocabulary (软件 → 軟體, 默认 → 預設) and variants (裏 → 裡). After it
// come the project's own corrections (Fixes: the glossary,
// docs/zh-hant-glossary.md) and the quotation marks of Taiwan (「」『』
// for “”‘’).
package hant

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/liuzl/da"
	"github.com/longbridgeapp/opencc"
)

// Converter converts Simplified Chinese text to Traditional Chinese
// (Taiwan) and checks Traditional text. Make one with New; it is safe for
// concurrent use once made (its dictionaries are only read).
type Converter struct {
	s2twp *opencc.OpenCC
	st    *da.Dict // OpenCC's STCharacters: a Simplified character → its Traditional ones
	tw    *da.Dict // OpenCC's TWVariants: a Traditional character → Taiwan's form of it
}

// New loads OpenCC's dictionaries (a fraction of a second).
func New() (*Converter, error) {
	s2twp, err := opencc.New("s2twp")
	if err != nil {
		return nil, fmt.Errorf("hant: %w", err)
	}
	c := &Converter{s2twp: s2twp}
	for _, g := range s2twp.DictChains {
		for i, f := range g.Files {
			switch f {
			case "STCharacters.ocd2":
				c.st = g.Dicts[i]
			case "TWVariants.ocd2":
				c.tw = g.Dicts[i]
			}
		}
	}
	if c.st == nil || c.tw == nil {
		return nil, fmt.Errorf("hant: OpenCC's s2twp lacks STCharacters or TWVariants")
	}
	return c, nil
}

// quotes are the quotation marks of Taiwan: corner brackets.
var quotes = strings.NewReplacer("“", "「", "”", "」", "‘", "『", "’", "』")

// straightQuotes finds Chinese text between escaped ASCII double quotes
// in a TOML string (\"對局設定\"), which Taiwan quotes in corner brackets.
var straightQuotes = regexp.MustCompile(`\\"([^"\\]*\p{Han}[^"\\]*)\\"`)

// Convert returns s in Traditional Chinese as read in Taiwan: OpenCC's
// s2twp, then the measure word 隻 (measureWord), then Fixes in order, then the corner-bracket quotation marks.
// Text outside the CJK ranges (ASCII, TOML syntax, {{.Placeholders}}) is
// left as it is.
func (c *Converter) Convert(s string) (string, error) {
	out, err := c.s2twp.Convert(s)
	if err != nil {
		return "", fmt.Errorf("hant: %w", err)
	}
	out = measureWord.ReplaceAllString(out, "${1}隻${2}")
	out = straightQuotes.ReplaceAllString(out, `「$1」`)
	for _, f := range Fixes {
		out = strings.ReplaceAll(out, f.From, f.To)
	}
	return quotes.Replace(out), nil
}

// SimplifiedOnly returns the characters of s, once each and sorted, that
// a Traditional text must not hold: a Simplified character whose
// Traditional forms do not include itself (这 → 這; not 干, which is also
// Traditional), a variant that Taiwan writes otherwise (裏 → 裡, 爲 → 為),
// and the quotation marks “”‘’ that Taiwan writes 「」『』.
func (c *Converter) SimplifiedOnly(s string) []rune {
	set := map[rune]bool{}
	for _, r := range s {
		if set[r] {
			continue
		}
		if strings.ContainsRune("“”‘’", r) || c.isSimplifiedOnly(r) {
			set[r] = true
		}
	}
	out := make([]rune, 0, len(set))
	for r := range set {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func (c *Converter) isSimplifiedOnly(r rune) bool {
	if r < 0x2E80 { // below the CJK radicals: ASCII, Latin, punctuation
		return false
	}
	k := string(r)
	if tw := lookup(c.tw, k); len(tw) > 0 && tw[0] != k {
		return true
	}
	trad := lookup(c.st, k)
	if len(trad) == 0 {
		return false // not in the dictionary: the same in both scripts
	}
	for _, t := range trad {
		if t == k {
			return false
		}
	}
	return true
}

// lookup is the dictionary's entry for k, nil if it has none. (The
// dictionary's own Get finds wrong entries; its PrefixMatch, which OpenCC's
// conversion uses, finds the right ones.)
func lookup(d *da.Dict, k string) []string {
	m, err := d.PrefixMatch(k)
	if err != nil {
		return nil
	}
	return m[k]
}
