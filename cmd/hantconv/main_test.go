package main

import (
	"os"
	"strings"
	"testing"

	"huntchess/internal/hant"
)

// The Traditional files are what the converter writes from the Simplified
// ones: a Simplified text changed or added (in the message files or the
// store listings) without `make zh-hant` fails here, and so does a
// Traditional file edited by hand.
func TestTraditionalFilesUpToDate(t *testing.T) {
	c, err := hant.New()
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := Jobs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) < 4+4+6 {
		t.Fatalf("%d files to convert: the message files and both stores' listings expected", len(jobs))
	}
	for _, j := range jobs {
		src, err := os.ReadFile(j.From)
		if err != nil {
			t.Fatal(err)
		}
		want, err := Convert(c, j.From, src)
		if err != nil {
			t.Fatal(err)
		}
		have, err := os.ReadFile(j.To)
		if err != nil {
			t.Errorf("%s: %v (run make zh-hant)", j.To, err)
			continue
		}
		if string(have) != string(want) {
			t.Errorf("%s is not the conversion of %s: run make zh-hant", j.To, j.From)
		}
	}
}

func TestConvert(t *testing.T) {
	c, err := hant.New()
	if err != nil {
		t.Fatal(err)
	}
	got, err := Convert(c, "x/ui.zh-Hans.toml", []byte("# 围猎棋 — 界面文字，简体中文。\n\"a\" = \"在\\\"对局设置\\\"里，还剩 5 只猪，犬只能走“直线”\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"從 ui.zh-Hans.toml 產生", "# 圍獵棋 — 介面文字，繁體中文（臺灣）。",
		`"a" = "在「對局設定」裡，還剩 5 隻豬，犬只能走「直線」"`} {
		if !strings.Contains(string(got), w) {
			t.Errorf("converted without %q:\n%s", w, got)
		}
	}
	txt, err := Convert(c, "x/title.txt", []byte("围猎棋 · Hunt Chess\n"))
	if err != nil || string(txt) != "圍獵棋 · Hunt Chess\n" {
		t.Errorf("title.txt: %q, %v", txt, err)
	}
}
