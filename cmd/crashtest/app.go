package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// appRun is one run of the real binary, its stderr read line by line.
type appRun struct {
	n     int
	label string
	cmd   *exec.Cmd
	start time.Time
	lines chan string   // every line of its output, in order
	done  chan struct{} // closed once the process has exited
	err   error         // its exit status, once done
	// killAtSecs is when it was killed, in seconds after its start.
	killAtSecs float64

	mu  sync.Mutex
	all []string
}

// launch starts the app with env added to the harness's environment.
func (h *harness) launch(label string, env ...string) (*appRun, error) {
	h.runs++
	r := &appRun{n: h.runs, label: label, lines: make(chan string, 1<<16), done: make(chan struct{})}
	cmd := exec.Command(h.bin)
	cmd.Env = append(h.baseEnv(), env...)
	cmd.Env = append(cmd.Env, "HUNTCHESS_LOG=1")
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = pw, pw
	fmt.Fprintf(h.log, "=== run %d: %s: %s\n", r.n, label, strings.Join(env, " "))
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return nil, err
	}
	pw.Close()
	r.cmd, r.start = cmd, time.Now()
	var reader sync.WaitGroup
	reader.Add(1)
	go func() {
		defer reader.Done()
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 1<<16), 1<<22)
		for sc.Scan() {
			line := sc.Text()
			h.logLine(r.n, line)
			r.mu.Lock()
			r.all = append(r.all, line)
			r.mu.Unlock()
			r.lines <- line
		}
		_, _ = io.Copy(io.Discard, pr)
		pr.Close()
	}()
	go func() {
		r.err = cmd.Wait()
		reader.Wait()
		close(r.lines)
		close(r.done)
	}()
	return r, nil
}

// alive reports whether the process is still running.
func (r *appRun) alive() bool {
	select {
	case <-r.done:
		return false
	default:
		return true
	}
}

// kill sends SIGKILL and waits for the process and its output; it reports
// whether the process was still running (not dead by itself).
func (r *appRun) kill() bool {
	wasAlive := r.alive()
	_ = r.cmd.Process.Signal(syscall.SIGKILL)
	<-r.done
	return wasAlive
}

// output is every line read so far.
func (r *appRun) output() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.all...)
}

// tail is the last n lines, for a report.
func (r *appRun) tail(n int) string {
	out := r.output()
	if len(out) > n {
		out = out[len(out)-n:]
	}
	return strings.Join(out, "\n")
}

// window waits up to d for the app's visible window (xdotool, by WM_CLASS).
func (h *harness) window(r *appRun, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) && r.alive() {
		out, _ := exec.Command("xdotool", "search", "--onlyvisible", "--class", "^Hunt Chess$").Output()
		if len(strings.TrimSpace(string(out))) > 0 {
			return true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return false
}
