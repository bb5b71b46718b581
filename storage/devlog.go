package storage

// The developer log's view of storage: app/devharness/log.go sets WriteHook when
// the developer log is on (make crash-test reads that log).

// WriteHook, if set, is told of every stored file's write: event "put"
// (new content handed to the writer; data nil for a removal), then "wrote"
// or "removed" once it is on disk, or "failed". It is called on the
// caller's goroutine for "put", on the writer's for the rest. Set it before
// any store, vault or history is opened; nil (the default) logs nothing.
var WriteHook func(event, path string, data []byte, err error)

func slotLog(event string, s *slot, op slotOp, err error) {
	if WriteHook == nil {
		return
	}
	if op.remove {
		if event == "wrote" {
			event = "removed"
		}
		WriteHook(event, s.path, nil, err)
		return
	}
	WriteHook(event, s.path, op.data, err)
}

// Sum is the checksum of a group's values as read (the "sum" of its file),
// "" for an unknown group or a vault without storage.
func (vt *Vault) Sum(group string) string {
	vt.mu.Lock()
	defer vt.mu.Unlock()
	g := vt.groups[group]
	if g == nil {
		return ""
	}
	return checksum(g.v)
}
