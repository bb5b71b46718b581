package storage

// maxStoredBytes is the most a file of the app's own storage may be (the
// saved game, the settings, statistics and progress, the history: the
// largest, the history of 100 games, is some hundreds of KB). A crash or a
// damaged disk may have changed a file's size: a larger one is damage, read
// as a damaged copy (before anything of that size is allocated), and its
// other copy is read instead.
const maxStoredBytes = 16 << 20
