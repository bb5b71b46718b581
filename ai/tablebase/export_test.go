package tablebase

import (
	"fmt"
	"math/rand"
	"sort"

	"huntchess/core"
)

// What the external tests (package tablebase_test, which solve their tables
// with ai/tablebase/solver) see of the package's insides.

var (
	OpenSrc           = open
	OpenFile          = openFile
	ReadFor           = readFor
	PosString         = posString
	Sorted            = sorted
	RandomAnyPosition = randomPosition
	PlayLineWith      = playLine
	MaxBlockBytes     = maxBlockBytes
	UniformValues     = uniformValues
)

const BlockOverhead = blockOverhead

type Prober = prober

// SectionFor is section.
func (t *Table) SectionFor(capt, hand int, bound bool) *Section { return t.section(capt, hand, bound) }

// Base is where the blocks begin in t's file.
func (t *Table) Base() int64 { return t.base }

// Size is the bytes of t's blocks.
func (t *Table) Size() int64 { return t.size }

// What is what.
func (s *Section) What() string { return s.what() }

// StoredCode is storedCode.
func (t *Table) StoredCode(sec *Section, p Pos) (uint16, error) { return t.storedCode(sec, p) }

// SetFingerprint sets the fingerprint Prepare would otherwise derive.
func (r *Rules) SetFingerprint(f string) { r.fingerprint = f }

// FlipStoredCode unpacks block 0 of sec (a section of the device table dev)
// into the cache, which it makes unbounded, and changes the code of its
// first stored position there.
func FlipStoredCode(dev *Table, sec *Section) error {
	blk, err := dev.load(sec, 0)
	if err != nil {
		return err
	}
	dev.SetCacheBytes(-1)
	if blk.codes == nil && blk.small == nil && blk.vals == nil { // sparse
		if len(blk.other) > 0 {
			blk.other[0] ^= 1
		} else {
			blk.def ^= 1
		}
		return nil
	}
	side := dev.dev.StoredSide
	for j := 0; j < blk.len(); j++ {
		i := int64(side)*sec.StoredEntries() + int64(j)
		pred, prey, sd := sec.l.Position(i)
		if hole, _ := sec.l.IsHole(i, pred, prey, sd); !hole {
			switch {
			case blk.vals != nil:
				blk.vals[j>>2] ^= 3 << (2 * (j & 3)) // a draw to a hole's code, a win to a loss
				if (blk.vals[j>>2]>>(2*(j&3)))&3 == CodeNone {
					blk.vals[j>>2] ^= 2 << (2 * (j & 3)) // a draw to a win
				}
			case blk.small != nil:
				blk.small[j] ^= 1
			default:
				blk.codes[j] ^= 1
			}
			break
		}
	}
	return nil
}

// randomPosition returns a random position of game g: its prey counts
// drawn too.
func randomPosition(rng *rand.Rand, g *core.GameInfo) core.Position {
	capt := rng.Intn(g.CapturesToWin)
	hand := 0
	if g.PreyInHand > 0 {
		hand = rng.Intn(g.PreyInHand + 1)
	}
	if g.PreyCount-capt-hand < 0 {
		capt = 0
	}
	return RandomPosition(rng, g, capt, hand)
}

func posString(p Pos) string {
	return fmt.Sprintf("%x/%x/%d/%d/%d", p.Pred, p.Prey, p.Side, p.Capt, p.Hand)
}

func sorted(s []string) []string { sort.Strings(s); return s }

// ColdChildBlocks is how many blocks a one-ply probe of p (a position
// whose side to move the device table dev does not store) reads with its
// cache empty: the distinct blocks of its open children.
func (t *Table) ColdChildBlocks(p Pos, bound bool) int {
	sec := t.section(p.Capt, p.Hand, bound)
	type key struct {
		sec *Section
		b   int64
	}
	seen := map[key]bool{}
	t.r.Children(p, bound, func(c Pos, term int) {
		if term != ChildOpen {
			return
		}
		cs := sec
		if c.Capt != p.Capt || c.Hand != p.Hand {
			cs = t.section(c.Capt, c.Hand, bound)
		}
		if cs != nil {
			seen[key{cs, cs.storedIndex(c) / int64(cs.BlockSize)}] = true
		}
	})
	return len(seen)
}

// EmptyCache drops every unpacked block of t and leaves its cache
// unbounded.
func (t *Table) EmptyCache() {
	t.SetCacheBytes(0)
	t.SetCacheBytes(-1)
}
