/* ProcessPrng for wine 8.0, which lacks bcryptprimitives.dll (added in wine 9): Rust's standard
 * library imports ProcessPrng from it for its random seeds. Put next to the .exe under wine
 * only; Windows has the real DLL. Backed by BCryptGenRandom with the system-preferred RNG. */
#include <windows.h>
#include <bcrypt.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG chunk = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (BCryptGenRandom(NULL, data, chunk, BCRYPT_USE_SYSTEM_PREFERRED_RNG) != 0)
            return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
