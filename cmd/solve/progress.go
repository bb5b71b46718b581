package main

import (
	"fmt"
	"huntchess/ai/tablebase/solver"
	"io"
	"sync"
	"time"
)

// printer draws the solver's events on a terminal: a line as each tier
// begins and ends, a progress bar redrawn at most once a second over each
// pass, and the retrograde levels counted in place.
type printer struct {
	w    io.Writer
	mu   sync.Mutex
	pass string // the pass the bar is drawn for
	last int64  // the second of the pass the bar was last drawn in
}

func newPrinter(w io.Writer) func(solver.Event) {
	p := &printer{w: w}
	return p.event
}

func (p *printer) event(e solver.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch e.Kind {
	case solver.TierBegins:
		fmt.Fprintf(p.w, "%s\n", e.Text)
	case solver.PassProgress:
		if e.Pass != p.pass {
			p.pass, p.last = e.Pass, 0
		}
		sec := int64(e.Elapsed / time.Second)
		if sec <= p.last {
			return
		}
		p.last = sec
		rate := float64(e.Done) / e.Elapsed.Seconds()
		eta := time.Duration(float64(e.Total-e.Done)/rate) * time.Second
		fmt.Fprintf(p.w, "\r  %s %s %5.1f%% %d/%d  %.2f M/s  ETA %s   ", e.Pass, bar(float64(e.Done)/float64(e.Total)),
			100*float64(e.Done)/float64(e.Total), e.Done, e.Total, rate/1e6, eta.Round(time.Second))
	case solver.PassDone:
		p.pass, p.last = "", 0
		fmt.Fprintf(p.w, "\r  %s done: %d in %s (%.2f M/s)                                   \n", e.Pass, e.Total,
			e.Elapsed.Round(time.Millisecond), float64(e.Total)/e.Elapsed.Seconds()/1e6)
	case solver.LevelDone:
		if e.Text != "" {
			fmt.Fprintf(p.w, "\r  %s                    \n", e.Text)
		} else {
			fmt.Fprintf(p.w, "\r  level %d: %d decided   ", e.Level, e.Decided)
		}
	case solver.LevelsDone:
		fmt.Fprintf(p.w, "\r  %d levels                              \n", e.Level)
	case solver.Note:
		fmt.Fprintf(p.w, "  %s\n", e.Text)
	case solver.TierDone:
		fmt.Fprintf(p.w, "  %s\n", e.Stats.Line())
	}
}

func bar(f float64) string {
	const w = 20
	n := int(f * w)
	b := make([]byte, w)
	for i := range b {
		if i < n {
			b[i] = '#'
		} else {
			b[i] = '.'
		}
	}
	return "[" + string(b) + "]"
}
