module huntchess

go 1.26.0

require (
	fyne.io/fyne/v2 v2.7.1 // indirect
	github.com/BurntSushi/toml v1.6.0 // indirect
	github.com/nicksnyder/go-i18n/v2 v2.7.0 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	golang.org/x/text v0.44.0 // indirect
)
