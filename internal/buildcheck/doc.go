// Package buildcheck holds no code: its tests build the list of packages a
// player's build of the app links (go list -deps, as make package, make
// windows and make web build it: docs/build-tags.md) and check that the
// developer's code stays out of it: the developer harness
// (app/devharness) and the browser test's hook (webhook) come only with
// the tag dev; and that the table tools (ai/tablebase/devicebuild: device
// tables converted, re-encoded and checked, layouts measured;
// ai/tablebase/strategybuild: strategies built, written and checked) are
// linked by the solver's commands alone.
package buildcheck
