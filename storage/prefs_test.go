package storage

import "sync"

// memPrefs is a Prefs in memory (fyne.Preferences without Fyne).
type memPrefs struct {
	mu sync.Mutex
	m  map[string]any
}

func newMemPrefs() *memPrefs { return &memPrefs{m: map[string]any{}} }

func memGet[T any](p *memPrefs, key string, fallback T) T {
	p.mu.Lock()
	defer p.mu.Unlock()
	if v, ok := p.m[key].(T); ok {
		return v
	}
	return fallback
}

func (p *memPrefs) set(key string, v any) {
	p.mu.Lock()
	p.m[key] = v
	p.mu.Unlock()
}

func (p *memPrefs) StringWithFallback(k, f string) string         { return memGet(p, k, f) }
func (p *memPrefs) SetString(k, v string)                         { p.set(k, v) }
func (p *memPrefs) IntWithFallback(k string, f int) int           { return memGet(p, k, f) }
func (p *memPrefs) SetInt(k string, v int)                        { p.set(k, v) }
func (p *memPrefs) BoolWithFallback(k string, f bool) bool        { return memGet(p, k, f) }
func (p *memPrefs) SetBool(k string, v bool)                      { p.set(k, v) }
func (p *memPrefs) FloatWithFallback(k string, f float64) float64 { return memGet(p, k, f) }
func (p *memPrefs) SetFloat(k string, v float64)                  { p.set(k, v) }
func (p *memPrefs) RemoveValue(k string) {
	p.mu.Lock()
	delete(p.m, k)
	p.mu.Unlock()
}
