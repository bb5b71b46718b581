//go:build js

package main

// The browser version lets its test read the screen (webhook).
import _ "huntchess/webhook"
