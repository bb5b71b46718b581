package solver

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"huntchess/ai/tablebase"
)

// A part file keeps the compact solver's tier in progress on disk, so that
// a solve stopped inside a tier (a session's end, a killed process) goes on
// from its last part instead of the tier's start: Beat the Wolf's tiers
// with 15 to 17 dogs take an hour or more each on two cores.
//
// It is the whole working state between two levels, when no goroutine
// writes: the entries' bytes, the tentative bit plane, the epoch planes
// allocated, and the chunks' pending levels.
//
//	"HCPART1\n", a uint32 (little endian) length and the header as JSON
//	(partHeader), then the byte table's words, the tentative plane's
//	words, each epoch plane the header lists, and the pending levels
//	(uint32), all little endian.
//
// Like a tier file it is written beside itself and renamed: whole or
// missing. RunCompact deletes it once the tier's file is written.

const partMagic = "HCPART1\n"

// partHeader is a part file's header.
type partHeader struct {
	Game        string `json:"game"`
	Fingerprint string `json:"fingerprint"`
	Captured    int    `json:"captured"`
	Entries     int64  `json:"entries"`
	Wrap        int    `json:"wrap"`
	// Level is the next level to run (every level below it is done);
	// Levels is the solver's count of levels that announced entries.
	Level  int    `json:"level"`
	Levels int    `json:"levels"`
	Epochs []bool `json:"epochs"`
	Chunks int    `json:"chunks"`
	// Seconds is the time the tier has taken up to this part, over every
	// run that worked on it.
	Seconds float64 `json:"seconds"`
	Written string  `json:"written"`
}

// PartPath is the part file of a game's tier in dir (beside its tier file).
func PartPath(dir, game string, captured int) string {
	return filepath.Join(dir, game+".tiers", fmt.Sprintf("captured-%02d.part", captured))
}

// PartInfo is what a part file says of the tier in progress.
type PartInfo struct {
	Captured int
	// Level is the next level to run; Seconds the work kept, over every
	// run; Written when the part was written (UTC, RFC 3339).
	Level   int
	Seconds float64
	Written string
}

// ReadPartInfo reads the header of the part at path and checks it against
// r (its entries' count against its tier's layout).
func ReadPartInfo(path string, r *tablebase.Rules) (*PartInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var h partHeader
	if _, err := readFramed(f, path, partMagic, "part file", &h); err != nil {
		return nil, err
	}
	if h.Game != r.Name || h.Fingerprint != r.Fingerprint() {
		return nil, fmt.Errorf("%s: a part of other rules (%s)", path, h.Game)
	}
	if n := tablebase.LayoutFor(r, r.PreyCount-h.Captured).Entries(); h.Entries != n {
		return nil, fmt.Errorf("%s: %d entries, the tier has %d", path, h.Entries, n)
	}
	return &PartInfo{Captured: h.Captured, Level: h.Level, Seconds: h.Seconds, Written: h.Written}, nil
}

// partState is what a part holds besides the header.
type partState struct {
	level, levels int
	seconds       float64
	pend          []uint32
}

// writePart writes w's state between levels to path.
func writePart(path string, r *tablebase.Rules, w *compactWork, st partState) error {
	h := partHeader{Game: r.Name, Fingerprint: r.Fingerprint(), Captured: w.Captured, Entries: w.Layout.Entries(),
		Wrap: compactWrap, Level: st.level, Levels: st.levels, Chunks: len(st.pend), Seconds: st.seconds,
		Written: time.Now().UTC().Format(time.RFC3339)}
	for k := range w.ep {
		h.Epochs = append(h.Epochs, w.ep[k] != nil)
	}
	return writeFramed(path, partMagic, h, func(bw *bufio.Writer) error {
		for _, ws := range append([][]uint64{w.b, w.tent}, w.ep[:]...) { // a plane not allocated writes nothing
			if err := writeU64(bw, ws); err != nil {
				return err
			}
		}
		var buf [4]byte
		for _, p := range st.pend {
			binary.LittleEndian.PutUint32(buf[:], p)
			if _, err := bw.Write(buf[:]); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeU64 writes words little endian.
func writeU64(bw *bufio.Writer, ws []uint64) error {
	var buf [8]byte
	for _, x := range ws {
		binary.LittleEndian.PutUint64(buf[:], x)
		if _, err := bw.Write(buf[:]); err != nil {
			return err
		}
	}
	return nil
}

// readU64 reads len(ws) words little endian.
func readU64(br *bufio.Reader, ws []uint64) error {
	var buf [8]byte
	for i := range ws {
		if _, err := io.ReadFull(br, buf[:]); err != nil {
			return err
		}
		ws[i] = binary.LittleEndian.Uint64(buf[:])
	}
	return nil
}

// ErrStopped is returned when the solve stopped part-way, as Solver.Stop
// (or a test) asked, its part written.
var ErrStopped = errors.New("tablebase: stopped part-way, as asked")

// errNoPart: there is no part of the tier to go on from.
var errNoPart = errors.New("no part")

// readPart reads the part at path into w (its byte table and tentative
// plane allocated, empty) and returns the state to go on from. A part of
// other rules, another tier or another wrap, or cut short, is an error;
// a missing one is errNoPart.
func readPart(path string, r *tablebase.Rules, w *compactWork, chunks int) (partState, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return partState{}, errNoPart
	}
	if err != nil {
		return partState{}, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 4<<20)
	var h partHeader
	off, err := readFramed(br, path, partMagic, "part file", &h)
	if err != nil {
		return partState{}, err
	}
	n := w.Layout.Entries()
	switch {
	case h.Game != r.Name || h.Fingerprint != r.Fingerprint():
		return partState{}, fmt.Errorf("%s: a part of other rules (%s)", path, h.Game)
	case h.Captured != w.Captured || h.Entries != n:
		return partState{}, fmt.Errorf("%s: a part of tier captured=%d with %d entries, not captured=%d with %d", path, h.Captured, h.Entries, w.Captured, n)
	case h.Wrap != compactWrap:
		return partState{}, fmt.Errorf("%s: plies wrap at %d, not %d", path, h.Wrap, compactWrap)
	case h.Chunks != chunks || len(h.Epochs) != len(w.ep):
		return partState{}, fmt.Errorf("%s: %d chunks and %d epoch planes, not %d and %d", path, h.Chunks, len(h.Epochs), chunks, len(w.ep))
	}
	words := int64(len(w.b)) + int64(len(w.tent))
	plane := (n + 63) / 64
	for _, e := range h.Epochs {
		if e {
			words += plane
		}
	}
	if fi, err := f.Stat(); err != nil {
		return partState{}, err
	} else if want := off + words*8 + int64(chunks)*4; fi.Size() != want {
		return partState{}, fmt.Errorf("%s: %d bytes, its header says %d", path, fi.Size(), want)
	}
	if err := readU64(br, w.b); err != nil {
		return partState{}, fmt.Errorf("%s: %w", path, err)
	}
	if err := readU64(br, w.tent); err != nil {
		return partState{}, fmt.Errorf("%s: %w", path, err)
	}
	for k, e := range h.Epochs {
		if !e {
			continue
		}
		w.ep[k] = newWords(plane)
		if err := readU64(br, w.ep[k]); err != nil {
			return partState{}, fmt.Errorf("%s: %w", path, err)
		}
	}
	st := partState{level: h.Level, levels: h.Levels, seconds: h.Seconds, pend: make([]uint32, chunks)}
	var buf [4]byte
	for i := range st.pend {
		if _, err := io.ReadFull(br, buf[:]); err != nil {
			return partState{}, fmt.Errorf("%s: %w", path, err)
		}
		st.pend[i] = binary.LittleEndian.Uint32(buf[:])
	}
	return st, nil
}
