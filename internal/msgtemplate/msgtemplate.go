// Package msgtemplate fills a message's {{.Name}} placeholders from a map,
// as text/template does, without text/template: the browser build's
// replacement for go-i18n's text/template parser.
//
// Why: text/template calls reflect's Value.MethodByName, and once the
// linker sees that reachable it keeps every exported method of every type
// the program converts to an interface (it cannot tell which a template
// might call). In the browser build that was megabytes of code no one
// calls. The app's messages use nothing of text/template but {{.Name}}
// with a map[string]any (translations.TData, TPlural), so
// scripts/web-overlay.sh copies this file, its package clause changed,
// into go-i18n's i18n/template package for the js/wasm build only, where
// the patched TextParser (web/overlay/go-i18n-text_parser.go.patch) parses
// with msgParse. The native builds keep text/template.
//
// The subset: text, and actions {{.A}} or {{.A.B}} (spaces inside the
// delimiters allowed) whose data is nil or a map with string keys (nested
// maps for a chain). Anything else, a function, a pipeline, a trim marker,
// a struct for data, is an error from msgParse or Execute, never a guess;
// the package's test checks that every message of the app gives the same
// text as text/template. Identifiers here are unexported and start with
// msg, as they join go-i18n's package.
package msgtemplate

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unicode"
)

// msgTemplate is a parsed message: text and the fields between them.
type msgTemplate struct {
	parts []msgPart
}

// msgPart is literal text, or a field chain (.A.B) when chain is set.
type msgPart struct {
	text  string
	chain []string
}

// msgParse parses src with the action delimiters left and right ("{{" and
// "}}" when empty).
func msgParse(src, left, right string) (*msgTemplate, error) {
	if left == "" {
		left = "{{"
	}
	if right == "" {
		right = "}}"
	}
	t := &msgTemplate{}
	for src != "" {
		i := strings.Index(src, left)
		if i < 0 {
			t.parts = append(t.parts, msgPart{text: src})
			break
		}
		if i > 0 {
			t.parts = append(t.parts, msgPart{text: src[:i]})
		}
		rest := src[i+len(left):]
		j := strings.Index(rest, right)
		if j < 0 {
			return nil, fmt.Errorf("msgtemplate: unclosed action in %q", src)
		}
		chain, err := msgFields(rest[:j])
		if err != nil {
			return nil, err
		}
		t.parts = append(t.parts, msgPart{chain: chain})
		src = rest[j+len(right):]
	}
	return t, nil
}

// msgFields parses an action's text: optional spaces, one or more .Name,
// optional spaces.
func msgFields(action string) ([]string, error) {
	a := strings.Trim(action, " ")
	if a == "" || a[0] != '.' || strings.HasSuffix(a, ".") {
		return nil, fmt.Errorf("msgtemplate: {{%s}}: only fields of the data ({{.Name}}) are supported in the browser build", action)
	}
	chain := strings.Split(a[1:], ".")
	for _, name := range chain {
		if !msgIdent(name) {
			return nil, fmt.Errorf("msgtemplate: {{%s}}: only fields of the data ({{.Name}}) are supported in the browser build", action)
		}
	}
	return chain, nil
}

// msgIdent reports whether s is an identifier as text/template reads one:
// a letter or underscore, then letters, digits, underscores.
func msgIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r)) {
			continue
		}
		return false
	}
	return true
}

// Execute fills the template from data: nil, or a map with string keys.
// A key the map lacks is written "<no value>", as text/template writes it.
func (t *msgTemplate) Execute(data any) (string, error) {
	var b strings.Builder
	for _, p := range t.parts {
		if p.chain == nil {
			b.WriteString(p.text)
			continue
		}
		v := reflect.ValueOf(data)
		for _, name := range p.chain {
			var err error
			if v, err = msgField(v, name); err != nil {
				return "", err
			}
		}
		s, err := msgPrint(v)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

// msgField is v's entry name: v nil (the zero Value) or a map with string
// keys, else an error.
func msgField(v reflect.Value, name string) (reflect.Value, error) {
	v, _ = msgIndirect(v)
	if !v.IsValid() {
		return reflect.Value{}, nil // text/template: "<no value>"
	}
	if v.Kind() != reflect.Map || v.Type().Key().Kind() != reflect.String {
		return reflect.Value{}, fmt.Errorf("msgtemplate: .%s of a %s: the browser build fills placeholders from a map only", name, v.Type())
	}
	e := v.MapIndex(reflect.ValueOf(name).Convert(v.Type().Key()))
	if e.IsValid() && e.Kind() == reflect.Interface {
		e = e.Elem() // text/template forgets the interface
	}
	return e, nil
}

// msgIndirect is text/template's indirect: through pointers and interfaces
// to the value, stopping at a nil.
func msgIndirect(v reflect.Value) (reflect.Value, bool) {
	for ; v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface; v = v.Elem() {
		if v.IsNil() {
			return v, true
		}
	}
	return v, false
}

// msgPrints reports whether v is an error or a fmt.Stringer.
func msgPrints(v reflect.Value) bool {
	switch v.Interface().(type) {
	case error, fmt.Stringer:
		return true
	}
	return false
}

var errMsgUnprintable = errors.New("msgtemplate: can't print a func or chan")

// msgPrint writes v as text/template prints a value: through pointers,
// "<no value>" for none, else fmt.Sprint (which uses Error and String).
func msgPrint(v reflect.Value) (string, error) {
	if v.Kind() == reflect.Pointer {
		v, _ = msgIndirect(v)
	}
	if !v.IsValid() {
		return "<no value>", nil
	}
	if !msgPrints(v) {
		if v.CanAddr() && msgPrints(v.Addr()) {
			v = v.Addr() // a *T with String or Error, as text/template takes it
		} else if k := v.Kind(); k == reflect.Func || k == reflect.Chan {
			return "", errMsgUnprintable
		}
	}
	return fmt.Sprint(v.Interface()), nil
}
