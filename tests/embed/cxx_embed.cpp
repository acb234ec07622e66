// g16k.h from C++ (C++11, -Wall -Wextra -Wpedantic -Werror), linked against the installed
// libg16k: RAII handles, the proof as a std::string, compared with the fixture's reference.
// usage: cxx_embed CONFIG.ini FIXTURE_DIR  (prints OK; exit 1 with the reason otherwise)
#include <g16k/g16k.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

namespace {

struct prover_close { void operator()(g16k_prover *p) const { g16k_prover_close(p); } };
struct key_free { void operator()(g16k_key *k) const { g16k_key_free(k); } };
struct proof_free { void operator()(g16k_proof *p) const { g16k_proof_free(p); } };

int fail(const std::string &what, int rc)
{
    std::cerr << "cxx_embed: " << what << ": " << g16k_status_name(rc) << ": "
              << g16k_last_error() << "\n";
    return 1;
}

std::string file_text(const std::string &path)
{
    std::ifstream f(path.c_str(), std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

std::string proof_json(const g16k_proof *pf)
{
    std::string s(g16k_proof_json(pf, nullptr, 0), '\0');
    g16k_proof_json(pf, &s[0], s.size() + 1);   // C++11: the buffer holds size() + 1 chars
    return s;
}

}  // namespace

int main(int argc, char **argv)
{
    if (argc != 3) {
        std::cerr << "usage: cxx_embed CONFIG.ini FIXTURE_DIR\n";
        return 2;
    }
    const std::string dir = argv[2];
    g16k_prover *p = nullptr;
    g16k_key *k = nullptr;
    g16k_proof *pf = nullptr;
    int rc;
    if ((rc = g16k_prover_open(argv[1], &p)) != G16K_OK)
        return fail(argv[1], rc);
    std::unique_ptr<g16k_prover, prover_close> prover(p);
    if ((rc = g16k_key_load(p, (dir + "/circuit_final.zkey").c_str(), &k)) != G16K_OK)
        return fail("key", rc);
    std::unique_ptr<g16k_key, key_free> key(k);

    g16k_prove_opts o;
    std::memset(&o, 0, sizeof(o));
    o.struct_size = sizeof(o);
    o.insecure_fixed_rs = 1;   // r = s = 0: the reference proof
    o.verify = 1;
    if ((rc = g16k_prove(p, k, (dir + "/witness.wtns").c_str(), &o, &pf)) != G16K_OK)
        return fail("prove", rc);
    std::unique_ptr<g16k_proof, proof_free> proof(pf);
    if (proof_json(pf) != file_text(dir + "/ref_proof_r0_s0.json")) {
        std::cerr << "cxx_embed: the proof differs from ref_proof_r0_s0.json:\n" << proof_json(pf);
        return 1;
    }
    std::cout << "OK libg16k " << g16k_version() << " from C++\n";
    return 0;
}
