#pragma once
// Scoped FLINT/Arb temporaries (init in the constructor, clear in the destructor) for the scalar
// layer's implementation files. Not rigorous or non-rigorous by themselves: storage only.
#include <arb.h>
#include <flint/fmpz.h>

namespace approxcert::detail {

struct Fmpz {
  fmpz_t v;
  Fmpz() { fmpz_init(v); }
  ~Fmpz() { fmpz_clear(v); }
  Fmpz(const Fmpz&) = delete;
  Fmpz& operator=(const Fmpz&) = delete;
};

struct Arf {
  arf_t v;
  Arf() { arf_init(v); }
  ~Arf() { arf_clear(v); }
  Arf(const Arf&) = delete;
  Arf& operator=(const Arf&) = delete;
};

struct ArbTemp {
  arb_t v;
  ArbTemp() { arb_init(v); }
  ~ArbTemp() { arb_clear(v); }
  ArbTemp(const ArbTemp&) = delete;
  ArbTemp& operator=(const ArbTemp&) = delete;
};

}  // namespace approxcert::detail
