package strategy

// ReadEveryBlock reads and checks every block of a set strategy (the fuzz
// test: none may fail without a text): each block's error, nil where it
// reads.
func ReadEveryBlock(s *Strategy) []error {
	if s.set == nil {
		return nil
	}
	s.set.mu.Lock()
	defer s.set.mu.Unlock()
	errs := make([]error, len(s.set.first))
	for i := range s.set.first {
		_, errs[i] = s.set.block(i)
	}
	return errs
}
