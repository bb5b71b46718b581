/*
 * A stand-in for Windows' bcryptprimitives.dll, for running the Windows
 * build under Debian's Wine 8.0 only (scripts/wine-test.sh puts it in the
 * test's private Wine prefix; it never ships).
 *
 * Go 1.24 and later read random bytes through ProcessPrng, which every
 * Windows 10 and 11 has in bcryptprimitives.dll; Wine 8.0 has no such DLL,
 * so a Go program dies at start with "bcryptprimitives.dll not found".
 * This one function forwards to RtlGenRandom (advapi32's SystemFunction036),
 * which Wine has.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
