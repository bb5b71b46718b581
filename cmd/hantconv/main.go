// Command hantconv writes the Traditional Chinese (Taiwan) texts of Hunt
// Chess from the Simplified ones: the message files
// translations/locales/*.zh-Hant.toml from *.zh-Hans.toml, and the store
// listings fastlane/metadata/android/zh-TW/ from zh-CN/ and
// fastlane/metadata/ios/zh-Hant/ from zh-Hans/. The conversion is OpenCC's
// Taiwan-phrases mode with the project's glossary (internal/hant,
// docs/zh-hant-glossary.md).
//
// Run it from the repository's root after changing a Simplified text
// (`make zh-hant`), then `make fonts`. With -check it writes nothing and
// fails if a Traditional file is not what it would write (the tests run
// the same check).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"huntchess/internal/hant"
)

// A Pair is a Simplified source folder or file pattern and where its
// Traditional copy goes.
type Pair struct{ From, To string }

// Jobs returns every file to convert under root, source → target.
func Jobs(root string) ([]Pair, error) {
	var out []Pair
	msgs, err := filepath.Glob(filepath.Join(root, "translations/locales/*.zh-Hans.toml"))
	if err != nil {
		return nil, err
	}
	for _, m := range msgs {
		out = append(out, Pair{m, strings.TrimSuffix(m, ".zh-Hans.toml") + ".zh-Hant.toml"})
	}
	for _, d := range []Pair{
		{"fastlane/metadata/android/zh-CN", "fastlane/metadata/android/zh-TW"},
		{"fastlane/metadata/ios/zh-Hans", "fastlane/metadata/ios/zh-Hant"},
	} {
		from := filepath.Join(root, d.From)
		err := filepath.WalkDir(from, func(p string, e os.DirEntry, err error) error {
			if err != nil || e.IsDir() || !strings.HasSuffix(p, ".txt") {
				return err
			}
			rel, _ := filepath.Rel(from, p)
			out = append(out, Pair{p, filepath.Join(root, d.To, rel)})
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if len(msgs) == 0 {
		return nil, fmt.Errorf("hantconv: no translations/locales/*.zh-Hans.toml under %s: run it from the repository's root", root)
	}
	return out, nil
}

// header opens every converted message file.
const header = "# 本檔由 cmd/hantconv 從 %s 產生（OpenCC 臺灣正體詞彙模式，加上 internal/hant 的修正表），請勿直接修改：\n" +
	"# 改簡體原文或修正表（docs/zh-hant-glossary.md）後執行 `make zh-hant`，再執行 `make fonts`。\n"

// plainQuotes finds Chinese text between ASCII double quotes in a plain
// text file (a store listing: 开启"面对面"), which Taiwan quotes in corner
// brackets. (In a message file the converter's own rule finds them
// escaped, \"…\", inside a TOML string.)
var plainQuotes = regexp.MustCompile(`"([^"\n]*\p{Han}[^"\n]*)"`)

// Convert returns the Traditional text of the Simplified file named from.
func Convert(c *hant.Converter, from string, src []byte) ([]byte, error) {
	out, err := c.Convert(string(src))
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(from, ".txt") {
		out = plainQuotes.ReplaceAllString(out, "「$1」")
	}
	if strings.HasSuffix(from, ".toml") {
		out = strings.ReplaceAll(out, "簡體中文", "繁體中文（臺灣）")
		out = fmt.Sprintf(header, filepath.Base(from)) + out
	}
	return []byte(out), nil
}

func main() {
	check := flag.Bool("check", false, "write nothing; fail if a Traditional file is out of date")
	root := flag.String("root", ".", "the repository's root")
	flag.Parse()
	c, err := hant.New()
	if err != nil {
		fail(err)
	}
	jobs, err := Jobs(*root)
	if err != nil {
		fail(err)
	}
	stale := 0
	for _, j := range jobs {
		src, err := os.ReadFile(j.From)
		if err != nil {
			fail(err)
		}
		want, err := Convert(c, j.From, src)
		if err != nil {
			fail(err)
		}
		have, err := os.ReadFile(j.To)
		if err == nil && bytes.Equal(have, want) {
			continue
		}
		if *check {
			fmt.Fprintf(os.Stderr, "hantconv: %s is out of date (make zh-hant)\n", j.To)
			stale++
			continue
		}
		if err := os.MkdirAll(filepath.Dir(j.To), 0o755); err != nil {
			fail(err)
		}
		if err := os.WriteFile(j.To, want, 0o644); err != nil {
			fail(err)
		}
		fmt.Fprintf(os.Stderr, "hantconv: wrote %s\n", j.To)
	}
	if stale > 0 {
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "hantconv:", err)
	os.Exit(2)
}
