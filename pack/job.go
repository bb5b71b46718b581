package pack

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
)

// Phase is where the table pack stands, as the settings show it.
type Phase int

// The phases of the table pack.
const (
	Unknown     Phase = iota // not installed, the site not asked yet
	Checking                 // asking the site for its manifest
	Offer                    // not (wholly) installed: Missing bytes to download
	Downloading              // Done of Total bytes
	Installed                // Installed; nothing more on the site
	Failed                   // Err says why
)

// Status is the table pack's state.
type Status struct {
	Phase Phase
	// Remote is the site's manifest, once fetched; Installed the installed
	// pack (nil: none).
	Remote, Installed *Manifest
	// Missing is the bytes of Remote not installed, of which Partial are
	// already fetched (an interrupted download resumes there).
	Missing, Partial int64
	// Done and Total: the download's progress (Downloading).
	Done, Total int64
	Err         error
}

// Job runs the table pack's work in the background for the settings
// screen, which reads Status and is told of every change (Subscribe) on the
// UI goroutine (do). After an install or a delete it calls changed (the
// tables' owner's PackChanged), off the UI goroutine. It asks the site
// only when told to (Check, Start): the player's tap, never by itself.
type Job struct {
	pack    *Pack
	do      func(func())
	changed func()

	mu     sync.Mutex
	st     Status
	cancel context.CancelFunc
	subs   map[int]func()
	nextID int
	wg     sync.WaitGroup
}

// NewJob makes the job of pack p (its Dir in the app's storage).
func NewJob(p *Pack, do func(func()), changed func()) *Job {
	if changed == nil {
		changed = func() {}
	}
	j := &Job{pack: p, do: do, changed: changed, subs: map[int]func(){}}
	j.st.Installed = p.Installed()
	if j.st.Installed != nil {
		j.st.Phase = Installed
	}
	if m := p.SavedRemote(); m != nil {
		// The site's manifest as last fetched: the offer's size, at once.
		todo, missing := p.Missing(m)
		if missing > 0 {
			j.st.Phase, j.st.Remote, j.st.Missing, j.st.Partial = Offer, m, missing, p.partialBytes(todo)
		} else if j.st.Installed != nil {
			j.st.Remote = m
		}
	}
	return j
}

// Pack is the job's pack.
func (j *Job) Pack() *Pack { return j.pack }

// Status is the pack's state now.
func (j *Job) Status() Status {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.st
}

// Subscribe calls f on the UI goroutine after each change, until the
// returned function is called.
func (j *Job) Subscribe(f func()) (unsubscribe func()) {
	j.mu.Lock()
	id := j.nextID
	j.nextID++
	j.subs[id] = f
	j.mu.Unlock()
	return func() {
		j.mu.Lock()
		delete(j.subs, id)
		j.mu.Unlock()
	}
}

// update changes the status (with j.mu held by the caller: no) and tells
// the subscribers.
func (j *Job) update(f func(*Status)) {
	j.mu.Lock()
	f(&j.st)
	subs := make([]func(), 0, len(j.subs))
	for _, s := range j.subs {
		subs = append(subs, s)
	}
	j.mu.Unlock()
	j.do(func() {
		for _, s := range subs {
			s()
		}
	})
}

// busy reports whether a check or download runs.
func (j *Job) busy() bool {
	ph := j.st.Phase
	return ph == Checking || ph == Downloading
}

// SetBase changes the site's address (the player's setting); the next
// Check asks the new one.
func (j *Job) SetBase(base string) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.busy() || j.pack.Base == base {
		return
	}
	j.pack.Base = base
	j.st.Remote = nil
}

// Check asks the site for its manifest in the background (unless a check
// or download runs), then offers what is not installed.
func (j *Job) Check() {
	j.mu.Lock()
	if j.busy() {
		j.mu.Unlock()
		return
	}
	j.mu.Unlock()
	j.update(func(s *Status) { s.Phase, s.Err = Checking, nil })
	j.wg.Add(1)
	go func() {
		defer j.wg.Done()
		m, err := j.pack.FetchManifest(context.Background())
		j.settle(m, err == nil, err)
	}()
}

// settle sets the phase after a check or download (fetched: m is the
// site's, just fetched, and kept): installed when nothing of the site's
// pack is missing, else the offer, else the failure.
func (j *Job) settle(m *Manifest, fetched bool, err error) {
	inst := j.pack.Installed()
	var missing, partial int64
	if m != nil && fetched {
		_ = j.pack.SaveRemote(m)
	}
	if m != nil {
		var todo []File
		todo, missing = j.pack.Missing(m)
		partial = j.pack.partialBytes(todo)
	}
	j.update(func(s *Status) {
		s.Installed, s.Done, s.Total = inst, 0, 0
		if m != nil {
			s.Remote = m
		}
		s.Missing, s.Partial, s.Err = missing, partial, err
		switch {
		case errors.Is(err, context.Canceled):
			s.Phase, s.Err = Offer, nil
		case err != nil && m == nil && inst != nil:
			// The site is out of reach: the pack installed plays on.
			s.Phase, s.Err = Installed, nil
		case err != nil:
			s.Phase = Failed
		case m != nil && missing > 0:
			s.Phase = Offer
		case inst != nil:
			s.Phase = Installed
		default: // the site's pack is empty
			s.Phase = Offer
		}
	})
}

// partialBytes is how much of files is already fetched (partial copies).
func (p *Pack) partialBytes(files []File) int64 {
	var n int64
	for _, f := range files {
		if fi, err := os.Stat(p.partial(f)); err == nil && fi.Size() <= f.Size {
			n += fi.Size()
		}
	}
	return n
}

// Start downloads what of the site's pack is not installed, in the
// background, with progress; the site's manifest is fetched first (again:
// the pack may have changed since it was last asked).
func (j *Job) Start() {
	j.mu.Lock()
	if j.busy() {
		j.mu.Unlock()
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	j.cancel = cancel
	j.mu.Unlock()
	j.update(func(s *Status) { s.Phase, s.Err, s.Done, s.Total = Downloading, nil, 0, 0 })
	j.wg.Add(1)
	go func() {
		defer j.wg.Done()
		defer cancel()
		m, err := j.pack.FetchManifest(ctx)
		fetched := err == nil
		if err == nil {
			err = j.pack.Download(ctx, m, func(done, total int64) {
				j.update(func(s *Status) { s.Done, s.Total = done, total })
			})
			j.changed() // whatever was installed is used at once
		}
		j.settle(m, fetched, err)
	}()
}

// Cancel stops a download; what was fetched is kept for resuming.
func (j *Job) Cancel() {
	j.mu.Lock()
	c := j.cancel
	j.mu.Unlock()
	if c != nil {
		c()
	}
}

// Delete stops a download and removes the pack, freeing its space; the
// tables' owner lets go of its tables.
func (j *Job) Delete() error {
	j.Cancel()
	j.wg.Wait()
	err := j.pack.Delete()
	j.changed()
	j.mu.Lock()
	m := j.st.Remote
	j.mu.Unlock()
	j.settle(m, false, err) // the folder stays gone: the offer is kept in memory only
	return err
}

// Wait waits for the background work.
func (j *Job) Wait() { j.wg.Wait() }

// ErrorKind sorts a pack error for saying it plainly: "checksum" (a
// file arrived damaged), "rules" (built for other rules), "network" (the
// site could not be reached), "disk" (the storage), or "server" (anything
// else the site answered).
func ErrorKind(err error) string {
	var ne net.Error
	var pe *os.PathError
	var le *os.LinkError
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrRules):
		return "rules"
	case errors.Is(err, ErrChecksum):
		return "checksum"
	case errors.As(err, &ne), errors.Is(err, io.ErrUnexpectedEOF):
		return "network"
	case errors.As(err, &pe), errors.As(err, &le):
		return "disk"
	}
	return "server"
}

// Dir is the pack's folder in the app's storage.
func Dir(storage string) string { return filepath.Join(storage, "pack") }
