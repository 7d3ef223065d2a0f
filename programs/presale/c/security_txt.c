/* security_txt.c - who to call about this program, where explorers look for it.
 *
 * The bytes follow the security.txt convention Solana explorers and `query-security-txt` read:
 * "=======BEGIN SECURITY.TXT V1=======\0", then field name and value pairs, each NUL-terminated,
 * then "=======END SECURITY.TXT V1=======\0". The build (src/build-program.ts) renders them from
 * programs/presale/security.json and passes them as FBT_SECURITY_TXT_BYTES, a list of byte
 * values, so this file never holds a contact of its own. The array is in a section of its own;
 * `used` keeps it although no instruction reads it, and the linker places every read-only
 * section in the program's read-only data, so it is in both the v0 and the v3 build.
 */
#ifndef FBT_SECURITY_TXT_BYTES
#error "FBT_SECURITY_TXT_BYTES is set by the build from security.json (npm run build -w @fbt/presale-program)"
#endif

__attribute__((used, section(".security.txt"))) const unsigned char security_txt[] = {
    FBT_SECURITY_TXT_BYTES};
