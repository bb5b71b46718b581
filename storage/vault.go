package storage

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"

	"huntchess/core"
)

// Vault keeps the settings, the statistics and the progress (lessons,
// puzzles) so that no torn or garbled write can lose them: each group has a
// file of its own in the app's storage (settings.json, statistics.json,
// progress.json), written like the saved game — off the UI goroutine, in
// order, atomically, with the previous good copy kept beside it — and
// carrying a checksum of its values, so a garbled file is told from a good
// one. It is the app's Prefs: reads come from memory, every write goes to
// the group's file. The base preferences (Fyne's) are read only where a
// group has no file yet (older versions) or both its copies are damaged,
// and written only where the app has no storage folder (the browser), their
// only store there. Fyne writes its preferences file in place, not
// atomically, and reads it back when it changes: a write through to it
// could be read half-written ("Preferences load error: EOF") or lost by a
// kill, so where the vault has files it never writes there.
//
// At opening, a group whose file is damaged is read from its previous copy;
// where both are damaged, from the base preferences if they hold it, else it
// starts again from the defaults. Recoveries says which, once, so the app
// can tell the player: never a silent reset.
type Vault struct {
	dir  string
	base Prefs

	mu     sync.Mutex
	groups map[string]*vaultGroup
	rec    []Recovery
}

// The groups of the vault.
const (
	GroupSettings = "settings"
	GroupStats    = "statistics"
	GroupProgress = "progress"
)

// Groups lists the vault's groups.
var Groups = []string{GroupSettings, GroupStats, GroupProgress}

// Recovery is a group that could not be read at opening: Restored from an
// earlier copy (the previous copy, or the base preferences), or reset to
// the defaults.
type Recovery struct {
	Group    string
	Restored bool
	Game     string // GroupSavedGame: the game's key ("" when not known)
}

// kind is the type of a preference value.
type kind byte

const (
	kindString kind = 's'
	kindInt    kind = 'i'
	kindBool   kind = 'b'
	kindFloat  kind = 'f'
)

// knownKeys are the keys the app stores, with their types: the ones read
// from the base preferences of an older version.
func knownKeys() map[string]kind {
	k := map[string]kind{
		KeyLanguage: kindString, KeyLevel: kindString, KeyTimer: kindInt, KeyShowLegal: kindBool,
		KeyAnimations: kindBool, KeyTheme: kindString, KeyTextScale: kindFloat, KeyFaceToFace: kindBool,
		KeySound: kindBool, KeyWindowWidth: kindFloat, KeyWindowHeight: kindFloat,
		KeyStats: kindString, KeyLessons: kindString,
		KeyBoardStyle: kindString, KeyPieceStyle: kindString, KeyConfirm: kindBool,
	}
	for _, g := range core.Games() {
		k[KeyPuzzlesSolved+g.Key] = kindString
	}
	return k
}

// Preference keys of the window (the app's last size, in Fyne units).
const (
	KeyWindowWidth  = "window.width"  // float
	KeyWindowHeight = "window.height" // float
)

// groupOf is the group that keeps key ("" for none: the base alone).
func groupOf(key string) string {
	switch {
	case strings.HasPrefix(key, "settings.") || strings.HasPrefix(key, "window."):
		return GroupSettings
	case key == KeyStats:
		return GroupStats
	case key == KeyLessons || strings.HasPrefix(key, KeyPuzzlesSolved):
		return GroupProgress
	}
	return ""
}

// vaultValues are a group's values by type.
type vaultValues struct {
	S map[string]string  `json:"s,omitempty"`
	I map[string]int     `json:"i,omitempty"`
	B map[string]bool    `json:"b,omitempty"`
	F map[string]float64 `json:"f,omitempty"`
}

// vaultFile is a group's file: its values and their checksum.
type vaultFile struct {
	Sum    string      `json:"sum"` // sha256 of the JSON of Values
	Values vaultValues `json:"values"`
}

type vaultGroup struct {
	name string
	v    vaultValues
	file *slot // nil without a storage folder
}

func (v *vaultValues) empty() bool {
	return len(v.S)+len(v.I)+len(v.B)+len(v.F) == 0
}

func (v *vaultValues) init() {
	if v.S == nil {
		v.S = map[string]string{}
	}
	if v.I == nil {
		v.I = map[string]int{}
	}
	if v.B == nil {
		v.B = map[string]bool{}
	}
	if v.F == nil {
		v.F = map[string]float64{}
	}
}

func (v *vaultValues) remove(key string) {
	delete(v.S, key)
	delete(v.I, key)
	delete(v.B, key)
	delete(v.F, key)
}

func checksum(v vaultValues) string {
	b, _ := json.Marshal(v) // map keys sorted: the same values, the same bytes
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// decodeVault reads a group's file; ok is false for a damaged one.
func decodeVault(raw []byte) (vaultValues, bool) {
	var f vaultFile
	if json.Unmarshal(raw, &f) != nil || f.Sum == "" || checksum(f.Values) != f.Sum {
		return vaultValues{}, false
	}
	f.Values.init()
	return f.Values, true
}

func encodeVault(v vaultValues) []byte {
	b, _ := json.MarshalIndent(vaultFile{Sum: checksum(v), Values: v}, "", " ")
	return b
}

// VaultFile is the file name of a group in the storage folder.
func VaultFile(group string) string { return group + ".json" }

// OpenVault opens the vault in dir ("" for none: base alone keeps
// everything) over base, the app's preferences.
func OpenVault(dir string, base Prefs) *Vault {
	vt := &Vault{dir: dir, base: base, groups: map[string]*vaultGroup{}}
	if dir == "" {
		return vt
	}
	known := knownKeys()
	for _, name := range Groups {
		g := &vaultGroup{name: name}
		path := filepath.Join(dir, VaultFile(name))
		g.file = newSlot(path, filepath.Join(dir, group2prev(name)), func(b []byte) bool {
			_, ok := decodeVault(b)
			return ok
		})
		cur, prev, curExists, prevExists := g.file.read()
		v, ok := decodeVault(cur)
		rewrite := false
		switch {
		case ok:
		case prevExists && func() bool { v, ok = decodeVault(prev); return ok }():
			vt.rec = append(vt.rec, Recovery{Group: name, Restored: true})
			rewrite = true
		default:
			damaged := curExists || prevExists
			v = vt.fromBase(name, known)
			switch {
			case damaged && !v.empty():
				vt.rec = append(vt.rec, Recovery{Group: name, Restored: true})
			case damaged:
				vt.rec = append(vt.rec, Recovery{Group: name, Restored: false})
			}
			rewrite = damaged || !v.empty()
		}
		v.init()
		g.v = v
		vt.groups[name] = g
		if rewrite {
			g.file.put(slotOp{data: encodeVault(g.v)})
		}
	}
	return vt
}

func group2prev(name string) string { return name + ".prev.json" }

// fromBase reads a group's known keys from the base preferences.
func (vt *Vault) fromBase(group string, known map[string]kind) vaultValues {
	var v vaultValues
	v.init()
	const absent = "\x00absent"
	for key, k := range known {
		if groupOf(key) != group {
			continue
		}
		// A value is there when it reads back the same under two fallbacks.
		switch k {
		case kindString:
			if s := vt.base.StringWithFallback(key, absent); s != absent {
				v.S[key] = s
			}
		case kindInt:
			if a, b := vt.base.IntWithFallback(key, -1), vt.base.IntWithFallback(key, -2); a == b {
				v.I[key] = a
			}
		case kindBool:
			if a, b := vt.base.BoolWithFallback(key, false), vt.base.BoolWithFallback(key, true); a == b {
				v.B[key] = a
			}
		case kindFloat:
			if a, b := vt.base.FloatWithFallback(key, -1), vt.base.FloatWithFallback(key, -2); a == b {
				v.F[key] = a
			}
		}
	}
	return v
}

// Recoveries are the groups that could not be read at opening (none: all
// was well).
func (vt *Vault) Recoveries() []Recovery { return append([]Recovery(nil), vt.rec...) }

// Flush waits until every write so far is on disk.
func (vt *Vault) Flush() {
	for _, g := range vt.groups {
		_ = g.file.flush()
	}
}

// group is the group of key, or nil where the base alone keeps it.
func (vt *Vault) group(key string) *vaultGroup {
	return vt.groups[groupOf(key)]
}

// changed writes group g's file in the background; call with vt.mu held.
func (vt *Vault) changed(g *vaultGroup) {
	g.file.put(slotOp{data: encodeVault(g.v)})
}

// get reads key of one type: from its group's values (in), or from the
// base where no group keeps it.
func get[T any](vt *Vault, key string, fallback T, in func(*vaultValues) map[string]T, base func(string, T) T) T {
	vt.mu.Lock()
	defer vt.mu.Unlock()
	if g := vt.group(key); g != nil {
		if x, ok := in(&g.v)[key]; ok {
			return x
		}
		return fallback
	}
	return base(key, fallback)
}

// set writes key of one type: to its group (in; its file is written in the
// background), or to the base where no group keeps it (the vault has no
// files).
func set[T any](vt *Vault, key string, value T, in func(*vaultValues) map[string]T, base func(string, T)) {
	vt.mu.Lock()
	g := vt.group(key)
	if g != nil {
		g.v.remove(key)
		in(&g.v)[key] = value
		vt.changed(g)
	}
	vt.mu.Unlock()
	if g == nil {
		base(key, value)
	}
}

func strs(v *vaultValues) map[string]string    { return v.S }
func ints(v *vaultValues) map[string]int       { return v.I }
func bools(v *vaultValues) map[string]bool     { return v.B }
func floats(v *vaultValues) map[string]float64 { return v.F }

// StringWithFallback is part of Prefs.
func (vt *Vault) StringWithFallback(key, fallback string) string {
	return get(vt, key, fallback, strs, vt.base.StringWithFallback)
}

// SetString is part of Prefs.
func (vt *Vault) SetString(key, value string) { set(vt, key, value, strs, vt.base.SetString) }

// IntWithFallback is part of Prefs.
func (vt *Vault) IntWithFallback(key string, fallback int) int {
	return get(vt, key, fallback, ints, vt.base.IntWithFallback)
}

// SetInt is part of Prefs.
func (vt *Vault) SetInt(key string, value int) { set(vt, key, value, ints, vt.base.SetInt) }

// BoolWithFallback is part of Prefs.
func (vt *Vault) BoolWithFallback(key string, fallback bool) bool {
	return get(vt, key, fallback, bools, vt.base.BoolWithFallback)
}

// SetBool is part of Prefs.
func (vt *Vault) SetBool(key string, value bool) { set(vt, key, value, bools, vt.base.SetBool) }

// FloatWithFallback is part of Prefs.
func (vt *Vault) FloatWithFallback(key string, fallback float64) float64 {
	return get(vt, key, fallback, floats, vt.base.FloatWithFallback)
}

// SetFloat is part of Prefs.
func (vt *Vault) SetFloat(key string, value float64) { set(vt, key, value, floats, vt.base.SetFloat) }

// RemoveValue is part of Prefs.
func (vt *Vault) RemoveValue(key string) {
	vt.mu.Lock()
	g := vt.group(key)
	if g != nil {
		g.v.remove(key)
		vt.changed(g)
	}
	vt.mu.Unlock()
	if g == nil {
		vt.base.RemoveValue(key)
	}
}
