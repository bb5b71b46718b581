// Package testkit holds what the tests of several packages share: a
// preference store in memory (fyne.Preferences without Fyne), the bytes a
// function allocates, and a file that claims 1 TiB. Only tests import it.
package testkit

import (
	"os"
	"runtime"
	"sync"
	"testing"
)

// MemPrefs is a preference store in memory, safe for concurrent use: the
// methods of fyne.Preferences that storage.Prefs asks for.
type MemPrefs struct {
	mu sync.Mutex
	m  map[string]any
}

// NewMemPrefs is an empty MemPrefs.
func NewMemPrefs() *MemPrefs { return &MemPrefs{m: map[string]any{}} }

func get[T any](p *MemPrefs, key string, fallback T) T {
	p.mu.Lock()
	defer p.mu.Unlock()
	if v, ok := p.m[key].(T); ok {
		return v
	}
	return fallback
}

func (p *MemPrefs) set(key string, v any) {
	p.mu.Lock()
	p.m[key] = v
	p.mu.Unlock()
}

func (p *MemPrefs) StringWithFallback(k, f string) string         { return get(p, k, f) }
func (p *MemPrefs) SetString(k, v string)                         { p.set(k, v) }
func (p *MemPrefs) IntWithFallback(k string, f int) int           { return get(p, k, f) }
func (p *MemPrefs) SetInt(k string, v int)                        { p.set(k, v) }
func (p *MemPrefs) BoolWithFallback(k string, f bool) bool        { return get(p, k, f) }
func (p *MemPrefs) SetBool(k string, v bool)                      { p.set(k, v) }
func (p *MemPrefs) FloatWithFallback(k string, f float64) float64 { return get(p, k, f) }
func (p *MemPrefs) SetFloat(k string, v float64)                  { p.set(k, v) }

// RemoveValue forgets key.
func (p *MemPrefs) RemoveValue(k string) {
	p.mu.Lock()
	delete(p.m, k)
	p.mu.Unlock()
}

// Allocated is the bytes f allocates (runtime.MemStats.TotalAlloc): the
// size guards' tests check that a huge claim allocated little.
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Huge makes path a file of 1 TiB (sparse: no disk is used), as a damaged
// file system may show one; the test is skipped where no such file can be
// made.
func Huge(t testing.TB, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(1 << 40); err != nil {
		t.Skipf("no sparse file of 1 TiB here: %v", err)
	}
}
