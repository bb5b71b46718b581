//go:build windows

package startcheck

import (
	"os"
	"unsafe"

	"golang.org/x/sys/windows"
)

// Check refuses, with a message box and exit code 1, Windows before 10 and
// a graphics driver without OpenGL 2.1. Call it first in main, on the main
// thread (Fyne's GLFW driver locks main to it), before Fyne opens a window.
func Check() {
	// The version Windows reports to a program that declares Windows 10 in
	// its manifest (scripts/windows/huntchess.exe.manifest); Wine, at least,
	// reports an older one to a program that does not.
	v := windows.RtlGetVersion()
	if !WindowsEnough(v.MajorVersion, v.MinorVersion) {
		refuse(OldWindows, WindowsName(v.MajorVersion, v.MinorVersion))
	}
	if version, ok := probeGL(); !ok {
		refuse(NoOpenGL, "")
	} else if !GLEnough(version) {
		refuse(OldOpenGL, version)
	}
}

func refuse(p Problem, detail string) {
	title, text := Message(Language(), p, detail)
	t, _ := windows.UTF16PtrFromString(title)
	m, _ := windows.UTF16PtrFromString(text)
	_, _ = windows.MessageBox(0, m, t, windows.MB_OK|windows.MB_ICONERROR|windows.MB_SETFOREGROUND)
	os.Exit(1)
}

var (
	user32   = windows.NewLazySystemDLL("user32.dll")
	gdi32    = windows.NewLazySystemDLL("gdi32.dll")
	opengl32 = windows.NewLazySystemDLL("opengl32.dll")

	procCreateWindowExW   = user32.NewProc("CreateWindowExW")
	procDestroyWindow     = user32.NewProc("DestroyWindow")
	procGetDC             = user32.NewProc("GetDC")
	procReleaseDC         = user32.NewProc("ReleaseDC")
	procChoosePixelFormat = gdi32.NewProc("ChoosePixelFormat")
	procSetPixelFormat    = gdi32.NewProc("SetPixelFormat")
	procWglCreateContext  = opengl32.NewProc("wglCreateContext")
	procWglMakeCurrent    = opengl32.NewProc("wglMakeCurrent")
	procWglDeleteContext  = opengl32.NewProc("wglDeleteContext")
	procGlGetString       = opengl32.NewProc("glGetString")
)

// pixelFormatDescriptor is Win32's PIXELFORMATDESCRIPTOR (40 bytes).
type pixelFormatDescriptor struct {
	Size, Version                                  uint16
	Flags                                          uint32
	PixelType, ColorBits, RedBits, RedShift        uint8
	GreenBits, GreenShift, BlueBits, BlueShift     uint8
	AlphaBits, AlphaShift, AccumBits, AccumRedBits uint8
	AccumGreenBits, AccumBlueBits, AccumAlphaBits  uint8
	DepthBits, StencilBits, AuxBuffers, LayerType  uint8
	Reserved                                       uint8
	LayerMask, VisibleMask, DamageMask             uint32
}

const (
	pfdDoubleBuffer  = 0x1
	pfdDrawToWindow  = 0x4
	pfdSupportOpenGL = 0x20
	glVersion        = 0x1F02
)

// probeGL makes the OpenGL context a window of this program gets, as
// GLFW's first one is made (WGL, a double-buffered RGBA pixel format, on a
// hidden window), and reads its version: what the driver offers, 1.1.0
// for Windows' own software OpenGL behind the Basic Display Adapter. ok is
// false when no context can be made at all.
func probeGL() (version string, ok bool) {
	if opengl32.Load() != nil || procGlGetString.Find() != nil {
		return "", false
	}
	class, _ := windows.UTF16PtrFromString("STATIC")
	hwnd, _, _ := procCreateWindowExW.Call(0, uintptr(unsafe.Pointer(class)), 0,
		0x06000000, // WS_CLIPSIBLINGS | WS_CLIPCHILDREN, not visible
		0, 0, 16, 16, 0, 0, 0, 0)
	if hwnd == 0 {
		return "", false
	}
	defer procDestroyWindow.Call(hwnd)
	dc, _, _ := procGetDC.Call(hwnd)
	if dc == 0 {
		return "", false
	}
	defer procReleaseDC.Call(hwnd, dc)
	pfd := pixelFormatDescriptor{
		Version:   1,
		Flags:     pfdDrawToWindow | pfdSupportOpenGL | pfdDoubleBuffer,
		ColorBits: 24, AlphaBits: 8, DepthBits: 24, StencilBits: 8,
	}
	pfd.Size = uint16(unsafe.Sizeof(pfd))
	format, _, _ := procChoosePixelFormat.Call(dc, uintptr(unsafe.Pointer(&pfd)))
	if format == 0 {
		return "", false
	}
	if r, _, _ := procSetPixelFormat.Call(dc, format, uintptr(unsafe.Pointer(&pfd))); r == 0 {
		return "", false
	}
	ctx, _, _ := procWglCreateContext.Call(dc)
	if ctx == 0 {
		return "", false
	}
	defer procWglDeleteContext.Call(ctx)
	if r, _, _ := procWglMakeCurrent.Call(dc, ctx); r == 0 {
		return "", false
	}
	defer procWglMakeCurrent.Call(0, 0)
	p, _, _ := procGlGetString.Call(glVersion)
	if p == 0 {
		return "", false
	}
	// p points into the driver's memory, not Go's.
	return windows.BytePtrToString(*(**byte)(unsafe.Pointer(&p))), true
}
