package buildcheck

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// deps lists the packages the app's build with tags links, for goos/goarch
// ("": this machine's), as go list -deps reads them.
func deps(t *testing.T, goos, goarch, tags string) []string {
	return depsOf(t, ".", goos, goarch, tags)
}

// depsOf lists the packages pkg (a pattern from the module's root) links.
func depsOf(t *testing.T, pkg, goos, goarch, tags string) []string {
	t.Helper()
	// go test puts its own GOROOT/bin first on the test's PATH.
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the build's packages")
	}
	cmd := exec.Command(gobin, "list", "-deps", "-tags", tags, pkg)
	cmd.Dir = "../.." // the module's root: package main, the app
	cmd.Env = os.Environ()
	if goos != "" {
		cmd.Env = append(cmd.Env, "GOOS="+goos, "GOARCH="+goarch)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps -tags %s %s (GOOS=%s): %v\n%s", tags, pkg, goos, err, out)
	}
	return strings.Fields(string(out))
}

// developerOnly are the packages a player's build must not link.
var developerOnly = []string{
	"huntchess/app/devharness",
	"huntchess/webhook",
}

// toolsOnly are the packages only the solver's commands link: what makes,
// converts and checks table and strategy files (the app opens, probes and
// plays them).
var toolsOnly = []string{
	"huntchess/ai/tablebase/devicebuild",
	"huntchess/ai/tablebase/strategybuild",
}

// playersBuilds are the builds a player gets, as the release scripts make
// them.
var playersBuilds = []struct {
	name, goos, goarch, tags string
}{
	// make package, make windows, make release (the fyne tool adds
	// release and migrated_fynedo)
	{"desktop", "", "", "no_emoji,release,migrated_fynedo"},
	// make web (scripts/web.sh)
	{"browser", "js", "wasm", "migrated_fynedo,no_emoji,release"},
}

func TestPlayersBuildsLinkNoDeveloperCode(t *testing.T) {
	for _, b := range playersBuilds {
		t.Run(b.name, func(t *testing.T) {
			linked := deps(t, b.goos, b.goarch, b.tags)
			if !slices.Contains(linked, "huntchess/app") {
				t.Fatalf("the %s build does not link huntchess/app: not the app's build? %v", b.name, linked)
			}
			for _, p := range developerOnly {
				if slices.Contains(linked, p) {
					t.Errorf("a player's %s build (-tags %s) links %s", b.name, b.tags, p)
				}
			}
			// The developer's build of the same does link the harness:
			// the check above looks for a package that exists.
			dev := deps(t, b.goos, b.goarch, b.tags+",dev")
			if !slices.Contains(dev, "huntchess/app/devharness") {
				t.Errorf("the developer's %s build (-tags %s,dev) does not link the harness", b.name, b.tags)
			}
			if b.goos == "js" && !slices.Contains(dev, "huntchess/webhook") {
				t.Errorf("the developer's browser build does not link the browser test's hook")
			}
		})
	}
}

func TestPlayersBuildsLinkNoTableTools(t *testing.T) {
	for _, b := range playersBuilds {
		t.Run(b.name, func(t *testing.T) {
			linked := deps(t, b.goos, b.goarch, b.tags)
			if !slices.Contains(linked, "huntchess/ai/tablebase") {
				t.Fatalf("the %s build does not link huntchess/ai/tablebase: not the app's build? %v", b.name, linked)
			}
			for _, p := range toolsOnly {
				if slices.Contains(linked, p) {
					t.Errorf("a player's %s build (-tags %s) links %s", b.name, b.tags, p)
				}
			}
		})
	}
	// The solver's command does link them: the check above looks for
	// packages that exist.
	solve := depsOf(t, "./cmd/solve", "", "", "")
	for _, p := range toolsOnly {
		if !slices.Contains(solve, p) {
			t.Errorf("cmd/solve does not link %s", p)
		}
	}
}
