package widgets

import (
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"huntchess/translations"
)

// testWidth: Chinese characters and full-width punctuation are 10 wide,
// ASCII 5, spaces 3.
func testWidth(r rune) float32 {
	switch {
	case r == ' ':
		return 3
	case r < 0x80:
		return 5
	}
	return 10
}

func TestBreakLines(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		max        float32
		want       []string
	}{
		{"fits", "狼走一步。", 100, []string{"狼走一步。"}},
		{"anywhere between hanzi", "一二三四五六七", 30, []string{"一二三", "四五六", "七"}},
		{"no 。 at line start", "一二三。四五", 30, []string{"一二", "三。四", "五"}},
		{"no ， at line start", "一二三，四五六", 30, []string{"一二", "三，四", "五六"}},
		{"no ； at line start", "一二三；四五", 30, []string{"一二", "三；四", "五"}},
		{"no ） at line start", "一（二）三", 30, []string{"一", "（二）", "三"}},
		{"no 、：！？」』”’》 at line start", "一二三、", 30, []string{"一二", "三、"}},
		{"two closing marks", "一二三。」四", 40, []string{"一二", "三。」四"}},
		{"ellipsis", "一二三……", 40, []string{"一二", "三……"}},
		{"ASCII closing", "一二三,四", 30, []string{"一二", "三,四"}},
		{"ASCII ) ]", "一二三)]", 30, []string{"一二", "三)]"}},
		{"no （ at line end", "一二（三）", 30, []string{"一二", "（三）"}},
		{"no 「 at line end", "一二「三」", 30, []string{"一二", "「三」"}},
		{"no “ 《 【 at line end", "一二《三》", 30, []string{"一二", "《三》"}},
		{"no ( at line end", "一二(b)", 30, []string{"一二", "(b)"}},
		{"ASCII run kept whole", "走到b12点", 30, []string{"走到", "b12点"}},
		{"number kept whole", "一二123只", 30, []string{"一二", "123只"}},
		{"dashed run kept whole", "一c4–c5–c6–c7二", 70, []string{"一", "c4–c5–c6–c7", "二"}},
		{"run followed by closing", "一二b1。", 30, []string{"一二", "b1。"}},
		{"run too long is split", "abcdefghij", 25, []string{"abcde", "fghij"}},
		{"break at spaces", "Beat the Wolf", 40, []string{"Beat the", "Wolf"}},
		{"spaces hang, then dropped", "一二  三", 20, []string{"一二", "三"}},
		{"mixed words and hanzi", "打狼棋 Beat the Wolf 规则", 50, []string{"打狼棋", "Beat the", "Wolf 规则"}},
		{"hard line breaks", "一二三\n四", 100, []string{"一二三", "四"}},
		{"empty lines kept", "一\n\n二", 100, []string{"一", "", "二"}},
		{"one rune per line at least", "一二", 5, []string{"一", "二"}},
		{"rules broken only when nothing else fits", "。。。", 10, []string{"。", "。", "。"}},
		{"em dash pair kept", "一二——三", 30, []string{"一二", "——三"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := breakLines(tc.text, tc.max, testWidth)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("breakLines(%q, %v) = %q, want %q", tc.text, tc.max, got, tc.want)
			}
		})
	}
}

// Every rules text of every game, broken at many widths, keeps its text
// (less the spaces at breaks), fits, and follows the rules where it can.
func TestBreakLinesGameTexts(t *testing.T) {
	for _, key := range []string{"beat-the-wolf", "wolf-carries-pig", "surround-the-lion", "deer-chess"} {
		gt := translations.GameIn(key, translations.Chinese)
		texts := []string{gt.Tagline, gt.Subtitle}
		texts = append(texts, gt.KeyPoints.Paragraphs...)
		texts = append(texts, gt.Clarifications...)
		for _, s := range gt.Rules {
			texts = append(texts, s.Paragraphs...)
		}
		for _, text := range texts {
			for _, max := range []float32{60, 97, 150, 233, 400} {
				lines := breakLines(text, max, testWidth)
				strip := func(s string) string { return strings.Map(dropSpace, s) }
				if strip(strings.Join(lines, "")) != strip(text) {
					t.Fatalf("%s at %v: text changed:\n%q\n%q", key, max, text, lines)
				}
				for i, l := range lines {
					w := float32(0)
					for _, r := range l {
						w += testWidth(r)
					}
					if w > max && utf8.RuneCountInString(l) > 1 {
						t.Errorf("%s at %v: line %q is %v wide", key, max, l, w)
					}
					first, _ := utf8.DecodeRuneInString(l)
					last, _ := utf8.DecodeLastRuneInString(l)
					if i > 0 && IsClosingPunct(first) {
						t.Errorf("%s at %v: line starts with %q: %q", key, max, first, l)
					}
					if i < len(lines)-1 && isOpening(last) {
						t.Errorf("%s at %v: line ends with %q: %q", key, max, last, l)
					}
				}
			}
		}
	}
}

func dropSpace(r rune) rune {
	if unicode.IsSpace(r) {
		return -1
	}
	return r
}

// The widget breaks Chinese at its width, reports a narrow MinSize as tall
// as its lines, and follows width changes; English wraps as a Label does.
func TestParagraphWidget(t *testing.T) {
	test.NewTempApp(t)
	defer SetChineseLines(false)
	SetChineseLines(true)
	text := "狼每次走一步，沿线走到相邻的空点。犬围住狼（使它无路可走）即胜。"
	p := NewParagraph(text)
	w := test.NewWindow(p)
	defer w.Close()
	p.Resize(fyne.NewSize(120, 400))
	r := test.WidgetRenderer(p).(*paragraphRenderer)
	lines := strings.Split(r.label.Text, "\n")
	if len(lines) < 3 {
		t.Fatalf("at 120 wide: %q", lines)
	}
	for i, l := range lines {
		first, _ := utf8.DecodeRuneInString(l)
		if i > 0 && IsClosingPunct(first) {
			t.Errorf("line %d starts with punctuation: %q", i, l)
		}
	}
	if strings.ReplaceAll(r.label.Text, "\n", "") != text || p.Text != text {
		t.Error("the shown text must be the source text with line breaks")
	}
	narrow := p.MinSize()
	if narrow.Width > 40 {
		t.Errorf("MinSize width %v: must stay narrow", narrow.Width)
	}
	p.Resize(fyne.NewSize(600, 400))
	wide := p.MinSize()
	if wide.Height >= narrow.Height || strings.Count(r.label.Text, "\n") >= len(lines)-1 {
		t.Errorf("wider: %v lines (was %d), height %v (was %v)", strings.Count(r.label.Text, "\n")+1, len(lines), wide.Height, narrow.Height)
	}
	p.SetText("狼。")
	if r.label.Text != "狼。" {
		t.Errorf("SetText: shown %q", r.label.Text)
	}

	SetChineseLines(false)
	e := NewParagraph("The wolf moves one step along a line to an empty point.")
	w2 := test.NewWindow(e)
	defer w2.Close()
	e.Resize(fyne.NewSize(120, 400))
	er := test.WidgetRenderer(e).(*paragraphRenderer)
	if er.label.Wrapping != fyne.TextWrapWord || er.label.Text != e.Text {
		t.Error("English wraps at spaces in the label")
	}
	if m := e.MinSize(); m.Width > 40 || m.Height < 3*fyne.MeasureText("M", 14, fyne.TextStyle{}).Height {
		t.Errorf("English MinSize %v", m)
	}
}
