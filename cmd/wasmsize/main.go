// Command wasmsize says what a Go wasm is made of: the size of its
// sections, and of each function's code, summed by package, from the
// wasm's name section. Build the wasm without -s -w for the names (the
// sizes are the same: -s -w leaves out only the name section and DWARF):
//
//	GOOS=js GOARCH=wasm go build $(scripts/web-overlay.sh) -trimpath \
//	  -tags migrated_fynedo,no_emoji,release -o /tmp/app.wasm .
//	go run ./cmd/wasmsize -top 40 /tmp/app.wasm
//
// The data section (strings, tables, embedded files, type data) is one
// block to the linker's wasm writer and is not broken down here.
package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
)

func main() {
	top := flag.Int("top", 30, "how many packages and functions to list")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-top N] FILE.wasm")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
	m, err := parse(b)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	m.report(w, *top)
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
}

// module is what wasmsize reads of a wasm.
type module struct {
	size     int
	sections []section
	imported int            // imported functions: the first function indices
	bodies   []int          // the code section's function bodies' sizes
	names    map[int]string // function index -> name (the name section)
}

type section struct {
	name string
	size int
}

var sectionNames = map[byte]string{
	1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global",
	7: "export", 8: "start", 9: "element", 10: "code", 11: "data", 12: "data count",
}

var errShort = errors.New("truncated wasm")

// reader reads a wasm's LEB128 numbers and bytes.
type reader struct {
	b []byte
	i int
}

func (r *reader) uleb() (int, error) {
	v, n := binary.Uvarint(r.b[r.i:])
	if n <= 0 || v > 1<<31 {
		return 0, errShort
	}
	r.i += n
	return int(v), nil
}

func (r *reader) byte() (byte, error) {
	if r.i >= len(r.b) {
		return 0, errShort
	}
	r.i++
	return r.b[r.i-1], nil
}

func (r *reader) bytes(n int) ([]byte, error) {
	if n < 0 || r.i+n > len(r.b) {
		return nil, errShort
	}
	r.i += n
	return r.b[r.i-n : r.i], nil
}

func parse(b []byte) (*module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a wasm file")
	}
	m := &module{size: len(b), names: map[int]string{}}
	r := &reader{b: b, i: 8}
	for r.i < len(b) {
		id, err := r.byte()
		if err != nil {
			return nil, err
		}
		size, err := r.uleb()
		if err != nil {
			return nil, err
		}
		body, err := r.bytes(size)
		if err != nil {
			return nil, err
		}
		s := &reader{b: body}
		name := sectionNames[id]
		switch id {
		case 0:
			n, err := s.uleb()
			if err != nil {
				return nil, err
			}
			nb, err := s.bytes(n)
			if err != nil {
				return nil, err
			}
			name = "custom " + string(nb)
			if string(nb) == "name" {
				if err := m.readNames(s); err != nil {
					return nil, err
				}
			}
		case 2:
			if err := m.readImports(s); err != nil {
				return nil, err
			}
		case 10:
			n, err := s.uleb()
			if err != nil {
				return nil, err
			}
			for k := 0; k < n; k++ {
				l, err := s.uleb()
				if err != nil {
					return nil, err
				}
				if _, err := s.bytes(l); err != nil {
					return nil, err
				}
				m.bodies = append(m.bodies, l)
			}
		}
		if name == "" {
			name = fmt.Sprintf("section %d", id)
		}
		m.sections = append(m.sections, section{name, size})
	}
	return m, nil
}

// readImports counts the imported functions, which come first in the
// function index space.
func (m *module) readImports(s *reader) error {
	n, err := s.uleb()
	if err != nil {
		return err
	}
	for k := 0; k < n; k++ {
		for range 2 { // module and field names
			l, err := s.uleb()
			if err != nil {
				return err
			}
			if _, err := s.bytes(l); err != nil {
				return err
			}
		}
		kind, err := s.byte()
		if err != nil {
			return err
		}
		switch kind {
		case 0: // function: its type index
			m.imported++
			_, err = s.uleb()
		case 1: // table: element type, limits
			if _, err = s.byte(); err == nil {
				err = limits(s)
			}
		case 2: // memory: limits
			err = limits(s)
		case 3: // global: value type, mutability
			_, err = s.bytes(2)
		default:
			err = fmt.Errorf("import kind %d", kind)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func limits(s *reader) error {
	flags, err := s.byte()
	if err != nil {
		return err
	}
	if _, err := s.uleb(); err != nil {
		return err
	}
	if flags&1 != 0 {
		_, err = s.uleb()
	}
	return err
}

// readNames reads the function names (subsection 1) of the name section.
func (m *module) readNames(s *reader) error {
	for s.i < len(s.b) {
		sub, err := s.byte()
		if err != nil {
			return err
		}
		size, err := s.uleb()
		if err != nil {
			return err
		}
		body, err := s.bytes(size)
		if err != nil {
			return err
		}
		if sub != 1 {
			continue
		}
		f := &reader{b: body}
		n, err := f.uleb()
		if err != nil {
			return err
		}
		for k := 0; k < n; k++ {
			idx, err := f.uleb()
			if err != nil {
				return err
			}
			l, err := f.uleb()
			if err != nil {
				return err
			}
			nb, err := f.bytes(l)
			if err != nil {
				return err
			}
			m.names[idx] = string(nb)
		}
	}
	return nil
}

// pkgName is the package of a function's name as Go's wasm writer spells
// it: "fyne.io_fyne_v2_widget.(*Entry).Tapped" is in
// "fyne.io_fyne_v2_widget" (the import path with _ for / and ., but the
// domain's first dot kept).
var pkgName = regexp.MustCompile(`^([a-z0-9-]+\.[a-z]+_)?[^.]+`)

type sized struct {
	name string
	size int
}

func sortedDesc(m map[string]int) []sized {
	var s []sized
	for k, v := range m {
		s = append(s, sized{k, v})
	}
	sort.Slice(s, func(i, j int) bool {
		if s[i].size != s[j].size {
			return s[i].size > s[j].size
		}
		return s[i].name < s[j].name
	})
	return s
}

func (m *module) report(w *bufio.Writer, top int) {
	fmt.Fprintf(w, "%d bytes\n\nsections:\n", m.size)
	for _, s := range m.sections {
		fmt.Fprintf(w, "%12d  %s\n", s.size, s.name)
	}
	if len(m.names) == 0 {
		fmt.Fprintln(w, "\nno function names (built with -s?): no breakdown of the code")
		return
	}
	pkgs := map[string]int{}
	funcs := map[string]int{}
	total := 0
	for k, size := range m.bodies {
		name := m.names[m.imported+k]
		if name == "" {
			name = fmt.Sprintf("function %d", m.imported+k)
		}
		p := pkgName.FindString(name)
		if p == "" {
			p = name
		}
		pkgs[p] += size
		funcs[name] += size
		total += size
	}
	fmt.Fprintf(w, "\ncode: %d bytes in %d functions; the largest packages:\n", total, len(m.bodies))
	for i, p := range sortedDesc(pkgs) {
		if i == top {
			break
		}
		fmt.Fprintf(w, "%12d  %s\n", p.size, p.name)
	}
	fmt.Fprintln(w, "\nthe largest functions:")
	for i, f := range sortedDesc(funcs) {
		if i == top {
			break
		}
		fmt.Fprintf(w, "%12d  %s\n", f.size, f.name)
	}
}
