/* BN254 primes recognised in file headers (foreign_curve.h), by core/curve's moduli. */
#include "foreign_curve.h"

#include "binfile.h"
#include "curve/curve.h"

const char *foreign_curve_hint(const uint8_t *p, uint32_t n8)
{
    uint64_t v[CURVE_FR_LIMBS];
    if (n8 != CURVE_FR_BYTES || p == NULL)
        return "";
    binfile_limbs(v, p, CURVE_FR_LIMBS);
    if (curve_by_r(v) == &curve_bn254 || curve_by_p(v, CURVE_FR_LIMBS) == &curve_bn254)
        return "; this is a BN254 (bn128) file, which g16k's setup and powers of tau do not serve "
               "yet: compile the circuit with `circom --prime bls12381` and use a BLS12-381 "
               "powers of tau";
    return "";
}
