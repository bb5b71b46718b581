// Package devicebuild makes and checks device tables (ai/tablebase's
// device.go gives the format): ConvertDevice writes one from a full table,
// ReencodeDevice writes a device table again with sections in a slot
// order, CheckDevice compares one with the full table it came from,
// CompareDevices two of one game, and MeasureLayouts says what other
// layouts would take. Only the solver's commands (cmd/solve) import it:
// the app opens and probes tables with ai/tablebase alone
// (internal/buildcheck checks that a player's build does not link it).
package devicebuild
