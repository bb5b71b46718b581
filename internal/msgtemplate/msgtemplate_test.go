package msgtemplate

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"text/template"

	"github.com/BurntSushi/toml"

	"huntchess/translations"
)

// textTemplate is what go-i18n's TextParser gives natively: text/template
// with missingkey=default.
func textTemplate(src, left, right string, data any) (string, error) {
	t, err := template.New("").Delims(left, right).Option("missingkey=default").Parse(src)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := t.Execute(&b, data); err != nil {
		return "", err
	}
	return b.String(), nil
}

func subset(src, left, right string, data any) (string, error) {
	t, err := msgParse(src, left, right)
	if err != nil {
		return "", err
	}
	return t.Execute(data)
}

type stringer struct{ s string }

func (s stringer) String() string { return "<" + s.s + ">" }

// values are the kinds of data a placeholder is filled with, each compared
// with text/template.
var values = []any{
	7, -3, int64(1) << 40, uint8(200), 2.5, "the dogs", "", true, nil,
	stringer{"x"}, &stringer{"p"}, errors.New("an error"), []int{1, 2},
	map[string]int{"a": 1}, "狼", new(int),
}

func TestSameAsTextTemplate(t *testing.T) {
	srcs := []string{
		"", "plain", "{{.A}}", "{{ .A }}", "a {{.A}} b {{.B}} c",
		"{{.A}}{{.A}}", "{{.Missing}}", "}} {{.A}} }}", "{{.占位符}}",
		"{{.A_1}}", "{{.N.A}}", "{{.N.Missing}}", "{{.Missing.A}}",
	}
	for _, src := range srcs {
		for _, v := range values {
			data := map[string]any{"A": v, "B": v, "A_1": v, "占位符": v, "N": map[string]any{"A": v}}
			compare(t, src, "{{", "}}", data)
		}
		compare(t, src, "{{", "}}", nil)
		compare(t, src, "{{", "}}", map[string]string{"A": "s"})
		compare(t, src, "{{", "}}", map[string]any(nil))
	}
	compare(t, "<<.A>> {{.A}}", "<<", ">>", map[string]any{"A": 1})
}

func compare(t *testing.T, src, left, right string, data any) {
	t.Helper()
	want, werr := textTemplate(src, left, right, data)
	got, err := subset(src, left, right, data)
	if werr != nil || err != nil {
		if werr == nil || err == nil {
			t.Errorf("%q with %#v: text/template %q, %v; msgtemplate %q, %v", src, data, want, werr, got, err)
		}
		return
	}
	if got != want {
		t.Errorf("%q with %#v: msgtemplate %q, text/template %q", src, data, got, want)
	}
}

// TestUnsupportedIsAnError: what the subset does not do is an error, never
// another text.
func TestUnsupportedIsAnError(t *testing.T) {
	for _, src := range []string{
		"{{.}}", "{{A}}", "{{.A | printf}}", "{{printf \"%d\" .A}}", "{{- .A}}",
		"{{.A -}}", "{{if .A}}x{{end}}", "{{/* c */}}", "{{.A", "{{.A.}}", "{{..A}}",
		"{{.1A}}", "{{$x := 1}}", "{{.A .B}}",
	} {
		if _, err := msgParse(src, "", ""); err == nil {
			t.Errorf("msgParse(%q): no error", src)
		}
	}
	type data struct{ A int }
	tm, err := msgParse("{{.A}}", "", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []any{data{1}, &data{1}, 3, []string{"A"}, map[int]any{1: 2}} {
		if s, err := tm.Execute(d); err == nil {
			t.Errorf("Execute(%#v) = %q, no error", d, s)
		}
	}
	for _, v := range []any{func() {}, make(chan int)} {
		if s, err := tm.Execute(map[string]any{"A": v}); err == nil {
			t.Errorf("Execute(%T) = %q, no error", v, s)
		}
	}
}

// TestEveryMessage: every text of the app's message files (each plural
// form), filled with each kind of value, is the same as text/template's.
func TestEveryMessage(t *testing.T) {
	n := 0
	for _, name := range translations.MessageFiles() {
		b, err := translations.ReadMessageFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := toml.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var texts []string
		var walk func(id string, v any)
		walk = func(id string, v any) {
			switch v := v.(type) {
			case string:
				texts = append(texts, v)
			case map[string]any:
				for k, e := range v {
					walk(id+"."+k, e)
				}
			default:
				t.Fatalf("%s: %s is a %T", name, id, v)
			}
		}
		walk("", m)
		for _, src := range texts {
			tm, err := msgParse(src, "", "")
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			for _, v := range values {
				data := map[string]any{}
				for _, p := range tm.parts {
					if p.chain != nil {
						data[p.chain[0]] = v
					}
				}
				compare(t, src, "{{", "}}", data)
			}
			compare(t, src, "{{", "}}", nil)
			n++
		}
	}
	if n < 1000 {
		t.Errorf("only %d texts compared", n)
	}
	t.Logf("%d texts compared", n)
}

func Example() {
	tm, _ := msgParse("Move {{.Move}}, {{ .Side }} to play", "", "")
	s, _ := tm.Execute(map[string]any{"Move": 12, "Side": "the wolf"})
	fmt.Println(s)
	// Output: Move 12, the wolf to play
}
