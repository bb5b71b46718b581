// Package strategybuild builds, writes and checks the winner's proven
// strategies from the start (ai/tablebase/strategy reads and plays them):
// BuildStrategy and StartStrategy build a strategy of every node from a
// table's values (format 1, written by Encode), BuildSetStrategy and
// StartSetStrategy a set strategy (format 2, written by SetBuild.Bytes),
// and CheckStrategy and CheckSetStrategy replay every defence against a
// strategy read back. Only the solver's commands (cmd/solve) and the tests
// import it: the app opens and plays strategies with ai/tablebase/strategy
// alone (internal/buildcheck checks that a player's build does not link
// it).
package strategybuild
